// One answer as a PDF (A4): a title, lines about it (when, which version), then each question's label in bold and
// its answer below, wrapped, flowing onto new pages as long as it takes, with "Page 1 of 2" at the foot. pdfkit
// lays it out; it is loaded on the first PDF, not when the server starts. Words wider than a line are broken here,
// in linear time, before pdfkit sees them (breakLongWords). Text is set in Noto Sans (fonts.ts): each
// character goes to the first font piece that has it, then to Noto Emoji, then to UnifontEX (the fallbacks, read
// only when a character needs them); one no font has (unassigned, private use) prints as its code, "U+E000".
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import { woffToSfnt } from './woff.ts';

/**
 * One question and its answer: the text, or in its place a table of two columns (a matrix's rows and what was
 * chosen), a numbered list (a ranking) or an image (a signature's PNG, `text` naming it below).
 */
export interface AnswerPdfItem {
  label: string;
  text: string;
  table?: [string, string][];
  list?: string[];
  image?: Uint8Array;
}

/** What the PDF holds; every text is untrusted and only ever drawn as text. */
export interface AnswerPdf {
  title: string;
  /** Short lines under the title (when it came, its id). */
  meta: string[];
  items: AnswerPdfItem[];
}

const MARGIN = 56;
const SIZE = { title: 18, meta: 10, label: 11, text: 11, footer: 9 };
/** A label this close to the page's foot starts on the next page, so it is never parted from its answer. */
const KEEP_WITH_NEXT = 48;
/** The box an image is fitted into (points): a signature's size on paper. */
const IMAGE_BOX: [number, number] = [240, 96];
/** A table's first column's share of the width (a matrix's row labels), and the gap between the columns. */
const TABLE_SPLIT = 0.5;
const TABLE_GAP = 12;

type Doc = PDFKit.PDFDocument;
type FontFace = { name: string; has: (cp: number) => boolean };

/** Which code points a registered font has: pdfkit keeps the fontkit font of the current one in `_font.font`. */
function coverage(doc: Doc, name: string): (cp: number) => boolean {
  doc.font(name);
  const font = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
  return (cp) => font.hasGlyphForCodePoint(cp);
}

/**
 * A font registered only when a character is first looked up in it: most answers never need the fallbacks, and
 * reading UnifontEX's tables costs time and memory a Latin answer should not pay.
 */
function lazyFace(doc: Doc, name: string, bytes: Uint8Array): FontFace {
  let has: ((cp: number) => boolean) | undefined;
  return {
    name,
    has: (cp) => {
      if (!has) {
        doc.registerFont(name, woffToSfnt(bytes));
        has = coverage(doc, name);
      }
      return has(cp);
    },
  };
}

/** What prints for a character no font has: its code point, "U+E000", never a "?" that reads as part of the answer. */
export function codePointLabel(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Controls, format characters and marks: left out when no font has them (they have nothing to show). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{M}]/u;

/**
 * Splits text into runs, each in the first font that has its characters; spaces and line breaks stay with the run
 * they are in. A character no font has prints as its codePointLabel in the first font, unless it is invisible or a
 * combining mark (then it is left out).
 */
export function runs(text: string, fonts: FontFace[]): { font: string; text: string }[] {
  const out: { font: string; text: string }[] = [];
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
    const last = out[out.length - 1];
    const blank = ch === '\n' || ch === ' ';
    const owner = blank ? undefined : fonts.find((f) => f.has(ch.codePointAt(0)!));
    if (!blank && !owner && INVISIBLE.test(ch)) continue;
    const font = blank ? (last?.font ?? fonts[0].name) : (owner?.name ?? fonts[0].name);
    const piece = blank || owner ? ch : codePointLabel(ch);
    if (last?.font === font) last.text += piece;
    else out.push({ font, text: piece });
  }
  return out;
}

/** A measure of one character's width in a font at the current size (cached by the caller). */
type CharWidth = (font: string, ch: string) => number;

/**
 * Breaks every word wider than `width` into pieces that each fit on a line, by ending a piece with a line break.
 * pdfkit splits such a word itself, but by measuring ever shorter prefixes: worse than quadratic in the word's
 * length (a 24,000-character word took 31 s and a gigabyte). Measuring each character once keeps it linear; the
 * characters stay the same and in order.
 */
export function breakLongWords(
  parts: { font: string; text: string }[],
  width: number,
  charWidth: CharWidth,
): { font: string; text: string }[] {
  let wordWidth = 0;
  return parts.map((part) => {
    let text = '';
    for (const ch of part.text) {
      if (ch === ' ' || ch === '\n') wordWidth = 0;
      else {
        const w = charWidth(part.font, ch);
        if (wordWidth > 0 && wordWidth + w > width) {
          text += '\n';
          wordWidth = 0;
        }
        wordWidth += w;
      }
      text += ch;
    }
    return { font: part.font, text };
  });
}

/** About how many characters pdfkit lays out between two turns of the event loop (~10 ms on this machine). */
const SLICE = 2000;

/** A run cut into pieces of about `size` characters, each ending after a space or line break where one is near. */
function slices(part: { font: string; text: string }, size: number): { font: string; text: string }[] {
  const out: { font: string; text: string }[] = [];
  let rest = part.text;
  while (rest.length > size) {
    const cut = Math.max(rest.lastIndexOf(' ', size), rest.lastIndexOf('\n', size));
    // Never inside a surrogate pair when no break is near.
    let end = cut > size / 2 ? cut + 1 : size;
    if (/[\uD800-\uDBFF]/.test(rest[end - 1])) end++;
    out.push({ font: part.font, text: rest.slice(0, end) });
    rest = rest.slice(end);
  }
  out.push({ font: part.font, text: rest });
  return out;
}

/** Writes the PDF to `out` and resolves once it is all written. */
export async function writeAnswerPdf(out: Writable, content: AnswerPdf): Promise<void> {
  const [{ default: PDFDocument }, { loadFonts }] = await Promise.all([import('pdfkit'), import('./fonts.ts')]);
  const fontFiles = await loadFonts();
  // `font: null`: no standard font, whose metrics pdfkit would read from files the bundle does not carry.
  const doc = new PDFDocument({
    font: null as unknown as string,
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: content.title, Creator: 'Formstead' },
  });
  const fallback = fontFiles.fallback.map((bytes, i) => lazyFace(doc, `fallback-${i}`, bytes));
  const register = (weight: 'regular' | 'bold'): FontFace[] => [
    ...fontFiles[weight].map((bytes, i) => {
      const name = `${weight}-${i}`;
      doc.registerFont(name, woffToSfnt(bytes));
      return { name, has: coverage(doc, name) };
    }),
    ...fallback,
  ];
  const regular = register('regular');
  const bold = register('bold');
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('close', resolve);
    out.on('error', reject);
  });
  doc.pipe(out);

  const width = doc.page.width - 2 * MARGIN;
  const widths = new Map<string, number>();
  /** Writes text in `box` (the full width by default) from the current height down. */
  const write = async (
    text: string,
    weight: typeof regular,
    size: number,
    color: string,
    box = { x: MARGIN, width },
  ) => {
    doc.fillColor(color).fontSize(size);
    const charWidth: CharWidth = (font, ch) => {
      const key = `${font}\u0000${size}\u0000${ch}`;
      let w = widths.get(key);
      if (w === undefined) {
        w = doc.font(font).widthOfString(ch);
        widths.set(key, w);
      }
      return w;
    };
    const parts = breakLongWords(runs(text, weight), box.width, charWidth).flatMap((p) => slices(p, SLICE));
    if (!parts.length) parts.push({ font: weight[0].name, text: ' ' });
    doc.x = box.x;
    for (let i = 0; i < parts.length; i++) {
      // Other requests get their turn between slices: a PDF's layout is never one long stretch of the main thread.
      if (i > 0) await nextTurn();
      doc.font(parts[i].font).text(parts[i].text, { width: box.width, continued: i < parts.length - 1 });
    }
    doc.x = MARGIN;
  };
  const pageFoot = () => doc.page.height - MARGIN;

  /** Two columns per row, a hairline under each; a row too near the page's foot starts the next page. */
  const table = async (rows: [string, string][]) => {
    const left = { x: MARGIN, width: width * TABLE_SPLIT - TABLE_GAP / 2 };
    const right = { x: MARGIN + width * TABLE_SPLIT + TABLE_GAP / 2, width: width * (1 - TABLE_SPLIT) - TABLE_GAP / 2 };
    for (const [a, b] of rows) {
      if (doc.y > pageFoot() - KEEP_WITH_NEXT / 2) doc.addPage();
      const top = doc.y;
      const page = doc.page;
      await write(a, regular, SIZE.text, '#555555', left);
      // Beside the row's label, unless the label itself ran onto the next page: then below it.
      const [leftPage, leftEnd] = [doc.page, doc.y];
      if (leftPage === page) doc.y = top;
      await write(b, regular, SIZE.text, '#222222', right);
      doc.y = (doc.page === leftPage ? Math.max(doc.y, leftEnd) : doc.y) + 2;
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .lineWidth(0.5)
        .strokeColor('#dddddd')
        .stroke();
      doc.y += 3;
    }
  };

  /** An image fitted into IMAGE_BOX; bytes pdfkit cannot read leave only the text. */
  const image = (bytes: Uint8Array): boolean => {
    if (doc.y + IMAGE_BOX[1] > pageFoot()) doc.addPage();
    try {
      doc.image(Buffer.from(bytes), MARGIN, doc.y, { fit: IMAGE_BOX });
      doc.y += IMAGE_BOX[1] + 4;
      return true;
    } catch {
      return false;
    }
  };

  /** An answer as its type draws it: a table, a numbered list, an image with its name, else its text. */
  const answer = async (item: AnswerPdfItem) => {
    if (item.table) return table(item.table);
    if (item.list) return write(item.list.map((v, i) => `${i + 1}. ${v}`).join('\n'), regular, SIZE.text, '#222222');
    if (item.image && image(item.image)) return write(item.text, regular, SIZE.meta, '#555555');
    return write(item.text, regular, SIZE.text, '#222222');
  };

  await write(content.title, bold, SIZE.title, '#000000');
  doc.moveDown(0.3);
  for (const line of content.meta) await write(line, regular, SIZE.meta, '#555555');
  doc.moveDown(1);
  for (const item of content.items) {
    await nextTurn();
    if (doc.y > doc.page.height - MARGIN - KEEP_WITH_NEXT) doc.addPage();
    await write(item.label, bold, SIZE.label, '#000000');
    doc.moveDown(0.15);
    await answer(item);
    doc.moveDown(0.8);
  }

  // The page numbers go in the bottom margin, which pdfkit would otherwise treat as the end of the page.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(regular[0].name)
      .fontSize(SIZE.footer)
      .fillColor('#777777')
      .text(`Page ${i + 1} of ${pages.count}`, MARGIN, doc.page.height - MARGIN / 2 - SIZE.footer, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await finished;
}
