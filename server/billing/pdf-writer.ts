// Server-made PDF documents (invoices) through pdf-lib: A4 pages of text and rules. Text is set in Inter,
// embedded (subset) from the fonts the console already bundles, with Noto Sans Ethiopic beside it, so
// names in Latin (with every accent), Cyrillic, Greek, Vietnamese and Ethiopic print as written; a
// character none of them has prints as "?" rather than as nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { LineCapStyle, PDFDocument, type PDFFont, rgb } from 'pdf-lib';

export const A4 = { width: 595, height: 842 };

interface TextOp {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  bold: boolean;
  align: 'left' | 'right';
}
interface LineOp {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width: number;
}

/** One page's drawing, in points from the bottom-left corner; laid out when the file is written. */
export class PdfPage {
  readonly ops: Array<TextOp | LineOp> = [];

  text(
    x: number,
    y: number,
    text: string,
    options: { size?: number; bold?: boolean; align?: 'left' | 'right' } = {},
  ) {
    this.ops.push({
      kind: 'text',
      x,
      y,
      text,
      size: options.size ?? 10,
      bold: options.bold ?? false,
      align: options.align ?? 'left',
    });
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.5) {
    this.ops.push({ kind: 'line', x1, y1, x2, y2, width });
  }
}

const require = createRequire(import.meta.url);
const fontDir = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), 'files');

/** In the order tried for each character: Inter's subsets first, then Ethiopic. */
const FACES = [
  ['@fontsource/inter', 'inter-latin'],
  ['@fontsource/inter', 'inter-latin-ext'],
  ['@fontsource/inter', 'inter-cyrillic'],
  ['@fontsource/inter', 'inter-cyrillic-ext'],
  ['@fontsource/inter', 'inter-greek'],
  ['@fontsource/inter', 'inter-greek-ext'],
  ['@fontsource/inter', 'inter-vietnamese'],
  ['@fontsource/noto-sans-ethiopic', 'noto-sans-ethiopic-ethiopic'],
] as const;

interface Face {
  bytes: { regular: Uint8Array; bold: Uint8Array };
  has: (codePoint: number) => boolean;
}

let faces: Face[] | undefined;
function loadFaces(): Face[] {
  faces ??= FACES.map(([pkg, file]) => {
    const regular = readFileSync(join(fontDir(pkg), `${file}-400-normal.woff`));
    const bold = readFileSync(join(fontDir(pkg), `${file}-600-normal.woff`));
    const font = fontkit.create(regular);
    return { bytes: { regular, bold }, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
  });
  return faces;
}

/** The text cut into runs that one face can set; characters no face has become "?". */
function runs(text: string, available: Face[]): Array<{ face: number; text: string }> {
  const out: Array<{ face: number; text: string }> = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    let face = available.findIndex((candidate) => candidate.has(codePoint));
    let shown = char;
    if (face < 0 || codePoint < 0x20) {
      face = 0;
      shown = '?';
    }
    const last = out.at(-1);
    if (last && last.face === face) last.text += shown;
    else out.push({ face, text: shown });
  }
  return out;
}

/** The whole file: every page drawn with the faces its text needs, embedded as subsets. */
export async function writePdf(pages: PdfPage[], info: { title: string }): Promise<Buffer> {
  const available = loadFaces();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(info.title);
  doc.setProducer('Ikirere');
  doc.setCreator('Ikirere');
  const embedded = new Map<string, PDFFont>();
  const fontFor = async (face: number, bold: boolean) => {
    const key = `${face}:${bold}`;
    let font = embedded.get(key);
    if (!font) {
      const bytes = available[face]!.bytes[bold ? 'bold' : 'regular'];
      font = await doc.embedFont(bytes, { subset: true });
      embedded.set(key, font);
    }
    return font;
  };
  const black = rgb(0.1, 0.1, 0.12);
  for (const page of pages) {
    const pdfPage = doc.addPage([A4.width, A4.height]);
    for (const op of page.ops) {
      if (op.kind === 'line') {
        pdfPage.drawLine({
          start: { x: op.x1, y: op.y1 },
          end: { x: op.x2, y: op.y2 },
          thickness: op.width,
          color: black,
          lineCap: LineCapStyle.Butt,
        });
        continue;
      }
      const pieces = await Promise.all(
        runs(op.text, available).map(async (run) => {
          const font = await fontFor(run.face, op.bold);
          return { font, text: run.text, width: font.widthOfTextAtSize(run.text, op.size) };
        }),
      );
      const total = pieces.reduce((sum, piece) => sum + piece.width, 0);
      let x = op.align === 'right' ? op.x - total : op.x;
      for (const piece of pieces) {
        pdfPage.drawText(piece.text, { x, y: op.y, size: op.size, font: piece.font, color: black });
        x += piece.width;
      }
    }
  }
  return Buffer.from(await doc.save());
}
