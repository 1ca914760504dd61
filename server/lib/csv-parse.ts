// Reading CSV text (RFC 4180): the other direction of csv.ts, for imports of answers from other tools.

/** The records of a CSV text, or the problem that stops it being read. */
export type ParsedCsv = { records: string[][] } | { problem: string };

/**
 * Splits CSV text into records of cells: cells separated by commas, records by CRLF or LF, a quoted cell
 * may hold commas, line breaks and doubled quotes. A byte-order mark at the start is skipped (spreadsheet
 * programs write one); a last empty line is no record. Stops at `maxRecords + 1` records (the caller
 * refuses past its limit without reading the rest into memory).
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): ParsedCsv {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let openedOn = 1;
  const endRecord = () => {
    record.push(cell);
    records.push(record);
    record = [];
    cell = '';
  };
  for (; i < text.length && records.length <= maxRecords; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
        const next = text[i + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          return { problem: `line ${line}: a quoted cell must end at a comma or the end of the line` };
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
      openedOn = line;
    } else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      // The LF ends the record.
    } else if (c === '\n') {
      endRecord();
      line++;
    } else cell += c;
  }
  if (quoted) return { problem: `line ${openedOn}: a quoted cell that starts here is not closed` };
  if (cell !== '' || record.length) endRecord();
  return { records };
}
