// A one-sheet workbook (.xlsx) streamed row by row to a writable (an HTTP response): the sheet's XML is written
// and deflated as rows come (server/lib/zip-writer.ts), so the first bytes leave at once, memory stays flat, and
// the writer waits while the reader is slow. Written by hand, not with exceljs: exceljs's streaming writer ignores
// backpressure between its parts and held a 1,000,000-row sheet in memory until the end (docs/decisions.md).
import type { Writable } from 'node:stream';
import { type XlsxCell, type XlsxColumn, xlsxParts, xmlText } from './xlsx-parts.ts';
import { ZipWriter } from './zip-writer.ts';

export type { XlsxCell, XlsxColumn } from './xlsx-parts.ts';

/** Excel refuses a cell of more than 32,767 characters (the workbook would open as damaged). */
export const XLSX_CELL_MAX = 32_767;

/** How much sheet XML is gathered before it goes to the deflater: big enough to be cheap, small enough to stream. */
const CHUNK_CHARS = 64 * 1024;

/** Days between Excel's day 0 (1899-12-30 in its 1900 calendar) and 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;

const fit = (text: string) => (text.length > XLSX_CELL_MAX ? `${text.slice(0, XLSX_CELL_MAX - 1)}…` : text);

/** The column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One cell's XML at `ref`; `style` is the column's date style, used for dates only. */
function cellXml(ref: string, cell: XlsxCell, dateStyle: number | undefined): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
  if (cell instanceof Date) {
    const serial = cell.getTime() / DAY_MS + EXCEL_EPOCH_DAYS;
    return `<c r="${ref}"${dateStyle ? ` s="${dateStyle}"` : ''}><v>${serial}</v></c>`;
  }
  const text = typeof cell === 'string' ? cell : cell.text;
  // `t="str"` with the text in <v>, as exceljs wrote it: every reader takes it, and it is never read as a formula.
  return `<c r="${ref}" t="str"><v>${xmlText(fit(text))}</v></c>`;
}

/**
 * Writes the workbook to `out`: a bold header row that stays in view (frozen) while scrolling, the columns' widths
 * and formats, then every row. Stops early, without finishing the file, when `out` is destroyed (the client left);
 * `rows` is then closed, so its reader stops too.
 */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  columns: XlsxColumn[],
  rows: AsyncIterable<XlsxCell[]>,
): Promise<void> {
  const zip = new ZipWriter(out);
  const parts = xlsxParts(sheetName, columns);
  for (const [name, xml] of parts.before) await zip.file(name, xml);
  const sheet = await zip.stream('xl/worksheets/sheet1.xml');
  const letters = columns.map((_, i) => columnName(i));
  const styles = columns.map((c) => (c.format ? parts.dateStyle(c.format) : undefined));
  // Links are listed after the rows and named in the sheet's relationships, so they are the one thing kept until
  // the end: a reference and an address per file answer.
  const links: [string, string][] = [];
  let xml = `${parts.sheetStart}<row r="1">`;
  columns.forEach((c, i) => {
    xml += `<c r="${letters[i]}1" t="str" s="${parts.boldStyle}"><v>${xmlText(fit(c.header))}</v></c>`;
  });
  xml += '</row>';
  let r = 1;
  for await (const cells of rows) {
    if (zip.closed) return;
    r++;
    xml += `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      const ref = `${letters[i]}${r}`;
      if (cell !== null && typeof cell === 'object' && !(cell instanceof Date)) links.push([ref, cell.link]);
      xml += cellXml(ref, cell, styles[i]);
    }
    xml += '</row>';
    if (xml.length >= CHUNK_CHARS) {
      await sheet.write(xml);
      xml = '';
    }
  }
  xml += '</sheetData>';
  if (links.length) {
    xml += '<hyperlinks>';
    links.forEach(([ref], i) => {
      xml += `<hyperlink ref="${ref}" r:id="rId${i + 1}"/>`;
    });
    xml += '</hyperlinks>';
  }
  await sheet.write(`${xml}</worksheet>`);
  await sheet.end();
  if (zip.closed) return;
  if (links.length) await zip.file('xl/worksheets/_rels/sheet1.xml.rels', parts.linkRels(links.map(([, l]) => l)));
  await zip.finish();
}
