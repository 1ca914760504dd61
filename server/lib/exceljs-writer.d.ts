// exceljs's streaming workbook writer on its own (lib/stream/xlsx/workbook-writer.js): importing it alone keeps
// exceljs's reader, CSV and zip-reading code out of the bundle. Its type is the one exceljs declares.
declare module 'exceljs/lib/stream/xlsx/workbook-writer.js' {
  import type { stream } from 'exceljs';
  const WorkbookWriter: typeof stream.xlsx.WorkbookWriter;
  export default WorkbookWriter;
}
