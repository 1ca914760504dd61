// One answer as a PDF (A4): a title, lines about it (when, which version), then each question's label in bold and
// its answer below, wrapped, flowing onto new pages as long as it takes, with "Page 1 of 2" at the foot. pdfkit
// lays it out; it is loaded on the first PDF, not when the server starts. Text is set in Noto Sans (fonts.ts): each
// character goes to the first font piece that has it; one none has (Chinese, Arabic, emoji…) prints as "?".
import type { Writable } from 'node:stream';

/** What the PDF holds; every text is untrusted and only ever drawn as text. */
export interface AnswerPdf {
  title: string;
  /** Short lines under the title (when it came, its id). */
  meta: string[];
  items: { label: string; text: string }[];
}

const MARGIN = 56;
const SIZE = { title: 18, meta: 10, label: 11, text: 11, footer: 9 };
/** A label this close to the page's foot starts on the next page, so it is never parted from its answer. */
const KEEP_WITH_NEXT = 48;

type Doc = PDFKit.PDFDocument;

/** Which code points a registered font has: pdfkit keeps the fontkit font of the current one in `_font.font`. */
function coverage(doc: Doc, name: string): (cp: number) => boolean {
  doc.font(name);
  const font = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
  return (cp) => font.hasGlyphForCodePoint(cp);
}

/**
 * Splits text into runs, each in the first font that has its characters; spaces and line breaks stay with the run
 * they are in. A character no font has prints as "?", unless it is invisible or a combining mark (then it is left out).
 */
function runs(text: string, fonts: { name: string; has: (cp: number) => boolean }[]): { font: string; text: string }[] {
  const out: { font: string; text: string }[] = [];
  for (const ch of text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
    const last = out[out.length - 1];
    const blank = ch === '\n' || ch === ' ';
    const owner = blank ? undefined : fonts.find((f) => f.has(ch.codePointAt(0)!));
    if (!blank && !owner && /[\p{C}\p{M}]/u.test(ch)) continue;
    const font = blank ? (last?.font ?? fonts[0].name) : (owner?.name ?? fonts[0].name);
    const piece = blank || owner ? ch : '?';
    if (last?.font === font) last.text += piece;
    else out.push({ font, text: piece });
  }
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
  const register = (weight: 'regular' | 'bold') =>
    fontFiles[weight].map((bytes, i) => {
      const name = `${weight}-${i}`;
      doc.registerFont(name, Buffer.from(bytes));
      return { name, has: coverage(doc, name) };
    });
  const regular = register('regular');
  const bold = register('bold');
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('close', resolve);
    out.on('error', reject);
  });
  doc.pipe(out);

  const width = doc.page.width - 2 * MARGIN;
  const write = (text: string, weight: typeof regular, size: number, color: string) => {
    const parts = runs(text, weight);
    if (!parts.length) parts.push({ font: weight[0].name, text: ' ' });
    doc.fillColor(color).fontSize(size);
    parts.forEach((part, i) => {
      doc.font(part.font).text(part.text, { width, continued: i < parts.length - 1 });
    });
  };

  write(content.title, bold, SIZE.title, '#000000');
  doc.moveDown(0.3);
  for (const line of content.meta) write(line, regular, SIZE.meta, '#555555');
  doc.moveDown(1);
  for (const item of content.items) {
    if (doc.y > doc.page.height - MARGIN - KEEP_WITH_NEXT) doc.addPage();
    write(item.label, bold, SIZE.label, '#000000');
    doc.moveDown(0.15);
    write(item.text, regular, SIZE.text, '#222222');
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
