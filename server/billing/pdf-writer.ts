// Server-made PDF documents (invoices) through pdf-lib: A4 pages of text and rules. Text is set in Inter,
// embedded (subset) from the fonts the console already bundles, with Noto Sans Ethiopic and DejaVu Sans
// (npm packages) after it, so names in Latin (with every accent), Cyrillic, Greek, Vietnamese, Ethiopic,
// Arabic, Hebrew, Armenian and Georgian print as written — Arabic joined (fontkit shapes it; DejaVu's
// letters carry their dots, which pdf-lib could not place as separate marks) and right-to-left text in
// its order (bidi-js, the Unicode Bidirectional Algorithm). Chinese, Japanese and Korean print when the
// machine has Debian's fonts-droid-fallback and fonts-nanum (SYSTEM_FALLBACKS); a character no face has
// prints as "?".
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
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
const FONTSOURCE_FACES = [
  ['@fontsource/inter', 'inter-latin'],
  ['@fontsource/inter', 'inter-latin-ext'],
  ['@fontsource/inter', 'inter-cyrillic'],
  ['@fontsource/inter', 'inter-cyrillic-ext'],
  ['@fontsource/inter', 'inter-greek'],
  ['@fontsource/inter', 'inter-greek-ext'],
  ['@fontsource/inter', 'inter-vietnamese'],
  ['@fontsource/noto-sans-ethiopic', 'noto-sans-ethiopic-ethiopic'],
] as const;

/**
 * Tried last, those the machine has (Debian's fonts-droid-fallback for Chinese and Japanese, fonts-nanum for
 * Korean). Embedded whole and in one weight (bold prints regular): pdf-lib's subsets of these fonts lose
 * glyphs, so a PDF with Chinese or Japanese is about 2.5 MB, with Korean about 5 MB.
 */
const SYSTEM_FALLBACKS = [
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
  '/usr/share/fonts/truetype/nanum/NanumGothic.ttf',
];

interface Face {
  bytes: { regular: Uint8Array; bold: Uint8Array };
  has: (codePoint: number) => boolean;
  subset: boolean;
}

let faces: Face[] | undefined;
function loadFaces(): Face[] {
  const face = (regular: Uint8Array, bold: Uint8Array, subset = true): Face => {
    const font = fontkit.create(regular);
    return { bytes: { regular, bold }, has: (codePoint) => font.hasGlyphForCodePoint(codePoint), subset };
  };
  const dejavu = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  faces ??= [
    ...FONTSOURCE_FACES.map(([pkg, file]) =>
      face(
        readFileSync(join(fontDir(pkg), `${file}-400-normal.woff`)),
        readFileSync(join(fontDir(pkg), `${file}-600-normal.woff`)),
      ),
    ),
    face(readFileSync(join(dejavu, 'DejaVuSans.ttf')), readFileSync(join(dejavu, 'DejaVuSans-Bold.ttf'))),
    ...SYSTEM_FALLBACKS.filter((path) => existsSync(path)).map((path) => {
      const bytes = readFileSync(path);
      return face(bytes, bytes, false);
    }),
  ];
  return faces;
}

const bidi = bidiFactory();
/** Spaces and punctuation: set in the face of the character before them when it has them (keeps a run whole). */
const NEUTRAL = new Set(['WS', 'ON', 'CS', 'ES', 'ET', 'S', 'B']);

/**
 * The text cut into runs that one face can set, in the order they are drawn left to right. A right-to-left
 * run is handed over in reading order: fontkit shapes it and lays its glyphs out right to left itself.
 * Characters no face has become "?". The narrow no-break space French numbers are grouped with (Intl's
 * "1 250 RWF"), which Inter lacks, is set as a no-break space, so the figure stays in one face.
 */
function runs(written: string, available: Face[]): Array<{ face: number; text: string }> {
  const text = written.replace(/\u202f/g, '\u00a0');
  const chosen = new Map<number, { face: number; shown: string }>();
  let previous = -1;
  for (let index = 0; index < text.length; ) {
    const codePoint = text.codePointAt(index)!;
    const char = String.fromCodePoint(codePoint);
    let face =
      previous >= 0 && NEUTRAL.has(bidi.getBidiCharTypeName(char)) && available[previous]!.has(codePoint)
        ? previous
        : available.findIndex((candidate) => candidate.has(codePoint));
    let shown = char;
    if (face < 0 || codePoint < 0x20) {
      face = 0;
      shown = '?';
    }
    chosen.set(index, { face, shown });
    previous = face;
    index += char.length;
  }
  const levels = bidi.getEmbeddingLevels(text, 'auto');
  const visual: Array<{ face: number; rtl: boolean; chars: string[] }> = [];
  for (const index of bidi.getReorderedIndices(text, levels)) {
    const at = chosen.get(index);
    if (!at) continue; // the second half of a character outside the BMP
    const rtl = (levels.levels[index]! & 1) === 1;
    const last = visual.at(-1);
    if (last && last.face === at.face && last.rtl === rtl) last.chars.push(at.shown);
    else visual.push({ face: at.face, rtl, chars: [at.shown] });
  }
  return visual.map((run) => ({
    face: run.face,
    text: (run.rtl ? run.chars.reverse() : run.chars).join(''),
  }));
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
      const { bytes, subset } = available[face]!;
      font = await doc.embedFont(bytes[bold ? 'bold' : 'regular'], { subset });
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
