// The upload check decides a file's type from its bytes alone: every SPEC §3 type by content, and the
// impostors (programs, archives, scripted SVG, other containers) refused whatever they are called.
import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../../server/teams/verification/file-type';
import * as samples from '../support/sample-files';

describe('detectFileType', () => {
  it.each([
    ['pdf', samples.pdf()],
    ['doc', samples.doc()],
    ['xls', samples.xls()],
    ['ppt', samples.ppt()],
    ['docx', samples.docx()],
    ['xlsx', samples.xlsx()],
    ['pptx', samples.pptx()],
    ['jpeg', samples.jpeg()],
    ['png', samples.png()],
    ['gif', samples.gif()],
    ['webp', samples.webp()],
    ['svg', samples.svg()],
    ['mp4', samples.mp4()],
    ['webm', samples.webm()],
    ['quicktime', samples.quicktime()],
  ])('recognises %s by its content', (type, bytes) => {
    expect(detectFileType(bytes)).toEqual({ ok: true, type });
  });

  it('reads Office packages whether their parts are stored or deflated', () => {
    const stored = samples.zip(
      {
        '[Content_Types].xml':
          '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
        'xl/workbook.xml': '<workbook/>',
      },
      false,
    );
    expect(detectFileType(stored)).toEqual({ ok: true, type: 'xlsx' });
  });

  it.each([
    ['a Linux program', samples.elf()],
    ['a Windows program', samples.windowsExe()],
    ['an HTML page', samples.html()],
    ['a plain ZIP archive', samples.plainZip()],
    ['a Word file with macros', samples.docm()],
    ['a Windows installer (OLE2 without a document stream)', samples.msi()],
    ['a HEIC image (MP4 container, another brand)', samples.heic()],
    ['a Matroska video that is not WebM', samples.matroska()],
    ['plain text', Buffer.from('just some notes')],
    ['an empty file', Buffer.alloc(0)],
    ['random bytes', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256))],
  ])('refuses %s', (_, bytes) => {
    expect(detectFileType(bytes)).toEqual({ ok: false, reason: 'unrecognised' });
  });

  it('refuses a Word package whose main part is missing from the archive', () => {
    const hollow = samples.zip({
      '[Content_Types].xml':
        '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    });
    expect(detectFileType(hollow)).toEqual({ ok: false, reason: 'unrecognised' });
  });

  it.each([
    ['a script element', '<script>alert(1)</script>'],
    ['an event handler', '<rect onload="alert(1)" width="1"/>'],
    ['an event handler after a line break', '<rect\nonclick="alert(1)"/>'],
    ['a javascript: link', '<a href="javascript:alert(1)"><text>x</text></a>'],
    [
      'a javascript: link hidden by character references',
      '<a href="&#106;ava&#x73;cript:alert(1)"><text>x</text></a>',
    ],
    ['a javascript: link split by a tab', '<a href="java\tscript:alert(1)"><text>x</text></a>'],
    ['embedded HTML', '<foreignObject><div>hi</div></foreignObject>'],
  ])('refuses an SVG with %s', (_, body) => {
    expect(detectFileType(samples.svg(body))).toEqual({ ok: false, reason: 'svg-with-active-content' });
  });

  it('refuses an SVG that declares entities', () => {
    const bomb = Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>');
    expect(detectFileType(bomb)).toEqual({ ok: false, reason: 'svg-with-active-content' });
  });

  it('accepts an SVG whose text merely mentions scripts', () => {
    const harmless = samples.svg('<text x="0" y="5">our onboarding script</text>');
    expect(detectFileType(harmless)).toEqual({ ok: true, type: 'svg' });
  });

  it('does not take an HTML page with an svg element inside for an SVG', () => {
    expect(detectFileType(Buffer.from('<html><svg></svg></html>'))).toEqual({
      ok: false,
      reason: 'unrecognised',
    });
  });

  it('stays fast on text built to make pattern matching backtrack', () => {
    const hostile = Buffer.from(`<svg>${'<a '.repeat(300_000)}`);
    const started = performance.now();
    detectFileType(hostile);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
