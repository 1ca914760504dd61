// CSV cells and rows per spec 4.3 and RFC 4180: the one implementation lives in shared/text/csv-cell.ts, where
// the panel's in-browser CSV of decrypted answers uses it too.
export { cellText, csvCell, csvRow } from '../../shared/text/csv-cell.ts';
