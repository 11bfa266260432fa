// A small PDF 1.4 writer for server-made documents: A4 pages, the standard Helvetica and Helvetica-Bold
// fonts (every reader has them, nothing is embedded), text and lines. Text is WinAnsi-encoded; characters
// outside Latin-1 print as "?".

export const A4 = { width: 595, height: 842 };

/** Helvetica advance widths (per 1000 em) of the characters amounts and labels use most; others ~556. */
const WIDTHS: Record<string, number> = {
  ' ': 278,
  ',': 278,
  '.': 278,
  ':': 278,
  '-': 333,
  '(': 333,
  ')': 333,
  '%': 889,
  $: 556,
  '×': 584,
  i: 222,
  l: 222,
  I: 278,
  f: 278,
  t: 278,
  r: 333,
  m: 833,
  w: 722,
  M: 833,
  W: 944,
  R: 722,
  U: 722,
  D: 722,
  F: 611,
  S: 667,
  T: 611,
};

export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) units += WIDTHS[char] ?? 556;
  return (units * size * (bold ? 1.05 : 1)) / 1000;
}

function hexText(text: string): string {
  let hex = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // WinAnsi matches Latin-1 outside 0x80–0x9F.
    const byte = code < 0x20 || (code >= 0x7f && code < 0xa0) || code > 0xff ? 0x3f : code;
    hex += byte.toString(16).padStart(2, '0');
  }
  return `<${hex}>`;
}

function num(value: number): string {
  return Number(value.toFixed(2)).toString();
}

/** One page's drawing operators, in points from the bottom-left corner. */
export class PdfPage {
  readonly ops: string[] = [];

  text(
    x: number,
    y: number,
    text: string,
    options: { size?: number; bold?: boolean; align?: 'left' | 'right' } = {},
  ) {
    const size = options.size ?? 10;
    const left = options.align === 'right' ? x - textWidth(text, size, options.bold) : x;
    this.ops.push(
      `BT /${options.bold ? 'F2' : 'F1'} ${num(size)} Tf ${num(left)} ${num(y)} Td ${hexText(text)} Tj ET`,
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5) {
    this.ops.push(`${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }
}

/** The whole file: catalog, page tree, the two fonts, and each page with its content stream. */
export function writePdf(pages: PdfPage[], info: { title: string }): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  pages.forEach((page, index) => {
    const id = pageIds[index]!;
    const content = `${page.ops.join('\n')}\n`;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`;
  });
  const infoId = objects.length;
  objects[infoId] = `<< /Title ${hexText(info.title)} /Producer (Ikirere) >>`;

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = offset;
    const chunk = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    offset += chunk.length;
  }
  const xref = [`xref\n0 ${objects.length}\n`, '0000000000 65535 f \n'];
  for (let id = 1; id < objects.length; id += 1)
    xref.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  xref.push(
    `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
  );
  chunks.push(Buffer.from(xref.join(''), 'latin1'));
  return Buffer.concat(chunks);
}
