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

/** Rows committed between two turns of the event loop (see writeXlsx). */
const ROWS_PER_TURN = 200;

/**
 * The stream the zip reads the sheet's XML from, once the zip has started on the sheet. exceljs 4.4.0 (pinned)
 * keeps it as the sheet stream's one pipe; test/server/xlsx-stream.test.ts fails if that changes.
 */
export function zipInput(sheet: unknown): Writable | undefined {
  return (sheet as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
}

/** Whether a stream asks its writer to wait; archiver's streams are readable-stream 2, without `writableNeedDrain`. */
const needsDrain = (stream: Writable) =>
  stream.writableNeedDrain ?? (stream as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;

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
  let sinceTurn = 0;
  for await (const cells of rows) {
    if (out.destroyed) return;
    sheet.addRow(cells.map(cellValue)).commit();
    // The zip deflates on libuv's thread pool and hands its output over in callbacks, which run only when the
    // event loop turns. Rows read from the embedded store arrive in microtasks alone, so without a turn now and
    // then nothing reached `out` (never "needs drain") and the whole sheet piled up in memory before the first
    // byte (1,000,000 answers: 198 s and 2.4 GB).
    if (++sinceTurn === ROWS_PER_TURN) {
      sinceTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
      // exceljs writes the sheet's XML into the zip's deflater without waiting for it, so wait here while the
      // deflater has more than its buffer queued: otherwise rows made faster than they compress pile up.
      const deflater = zipInput(sheet);
      if (deflater && needsDrain(deflater)) await drained(deflater);
    }
    if (out.writableNeedDrain) await drained(out);
  }
  sheet.commit();
  await book.commit();
}
