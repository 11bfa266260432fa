// SVG is text that a browser runs as a document: it may carry scripts. An SVG is accepted only when it is
// UTF-8 XML whose root element is <svg> and nothing in it can run code; downloads are served as
// attachments under a sandboxing CSP as well, so a trick this check misses still cannot run in the console.
export type SvgVerdict = 'svg' | 'svg-with-active-content' | 'not-svg';

const ACTIVE_MARKUP = [
  /<script[\s>/]/i,
  // HTML inside SVG, and entity declarations (expansion bombs, external entities).
  /<foreignObject[\s>/]/i,
  /<!ENTITY/i,
  /<(iframe|embed|object)[\s>/]/i,
];
/** Checked with tabs and line breaks removed: browsers drop them inside URLs (java&#9;script:). */
const ACTIVE_URLS = [/javascript:/i, /vbscript:/i, /data:text\/html/i];

export function inspectSvg(bytes: Uint8Array): SvgVerdict {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not-svg';
  }
  if (!hasSvgRoot(text)) return 'not-svg';
  const decoded = decodeReferences(text);
  const compact = decoded.replace(/[\t\n\r]/g, '');
  const active =
    ACTIVE_MARKUP.some((pattern) => pattern.test(decoded)) ||
    ACTIVE_URLS.some((pattern) => pattern.test(compact)) ||
    hasEventHandler(decoded);
  return active ? 'svg-with-active-content' : 'svg';
}

/**
 * Event handler attributes (onload=, onclick=, onbegin= …), looked for tag by tag: one regular
 * expression over the whole text would backtrack quadratically on a file full of unclosed "<".
 */
function hasEventHandler(text: string): boolean {
  for (let start = text.indexOf('<'); start !== -1; start = text.indexOf('<', start + 1)) {
    const end = text.indexOf('>', start);
    if (end === -1) return false;
    if (/[\s/"']on[a-z]+\s*=/i.test(text.slice(start, end))) return true;
    start = end;
  }
  return false;
}

/** Skips the BOM, XML declaration, comments and doctype; the first element must be <svg>. */
function hasSvgRoot(text: string): boolean {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.trimStart();
    const prolog = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>)/i.exec(rest);
    if (!prolog) break;
    rest = rest.slice(prolog[0].length);
  }
  return /^<svg[\s>/]/.test(rest);
}

/** Character references (&#106;avascript:) are what the browser sees through: the patterns must too. */
function decodeReferences(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, decimal: string) => fromCodePoint(Number.parseInt(decimal, 10)))
    .replace(/&(tab|newline);/gi, '');
}

function fromCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}
