// CSV cells and rows per spec 4.3 and RFC 4180, with formula-injection escaping: one implementation for the
// server's exports (server/lib/csv.ts) and the CSV the panel makes in the browser from decrypted answers.

// Spec 4.3: a cell starting with = + - @ (or their fullwidth forms U+FF1D U+FF0B U+FF0D U+FF20), also
// after leading whitespace, or starting with a tab, CR or LF, gets a leading apostrophe so spreadsheet
// programs show it as text instead of running it as a formula.
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** Turns a stored value into cell text: arrays joined with `; `, objects as JSON, nothing as empty. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Neutralizes formula triggers, then applies RFC 4180 quoting. */
export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF line ending (RFC 4180). */
export function csvRow(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
