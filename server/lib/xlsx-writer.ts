// A one-sheet workbook (.xlsx) streamed row by row to a writable (an HTTP response), with exceljs's streaming
// writer: each row is committed to the zip as it comes, so a large sheet never sits in memory, and the writer
// waits while the reader is slow. The library is loaded on the first export, not when the server starts.
import type { Writable } from 'node:stream';

/** A typed cell: text, a number, a date (shown with its column's format), a link with its text, or empty. */
export type XlsxCell = string | number | Date | { text: string; link: string } | null;

/** A column: its header, its width in characters and, for dates, its number format (e.g. `yyyy-mm-dd`). */
export interface XlsxColumn {
  header: string;
  width: number;
  format?: string;
}

/** Excel refuses a cell of more than 32,767 characters (the workbook would open as damaged). */
export const XLSX_CELL_MAX = 32_767;

/** A sheet name Excel opens: at most 31 characters, none of `[ ] : * ? / \`. */
const sheetTitle = (name: string) =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

const fit = (text: string) => (text.length > XLSX_CELL_MAX ? `${text.slice(0, XLSX_CELL_MAX - 1)}…` : text);

/** exceljs's cell value for ours: links become hyperlink cells, long text is cut to what Excel opens. */
function cellValue(cell: XlsxCell) {
  if (cell === null || typeof cell === 'number' || cell instanceof Date) return cell;
  if (typeof cell === 'string') return fit(cell);
  return { text: fit(cell.text), hyperlink: cell.link };
}

/** Resolves when `out` can take more, or is gone. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Writes the workbook to `out`: a bold header row that stays in view (frozen) while scrolling, the columns' widths
 * and formats, then every row. Stops early, without finishing the file, when `out` is destroyed (the client left).
 */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  columns: XlsxColumn[],
  rows: AsyncIterable<XlsxCell[]>,
): Promise<void> {
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
  // Inline strings, not a shared-strings table: that table would hold every distinct answer in memory until the end.
  const book = new WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet(sheetTitle(sheetName), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  sheet.columns = columns.map((c) => ({ width: c.width, style: c.format ? { numFmt: c.format } : {} }));
  const header = sheet.addRow(columns.map((c) => fit(c.header)));
  header.font = { bold: true };
  header.commit();
  for await (const cells of rows) {
    if (out.destroyed) return;
    sheet.addRow(cells.map(cellValue)).commit();
    if (out.writableNeedDrain) await drained(out);
  }
  sheet.commit();
  await book.commit();
}
