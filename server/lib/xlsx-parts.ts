// The fixed parts of a one-sheet workbook (SpreadsheetML, ECMA-376): content types, relationships, the workbook,
// the styles (a bold header, one date format per distinct column format), the sheet's opening (frozen header row,
// column widths) and the relationships of its links. The rows themselves are written by server/lib/xlsx-writer.ts.

/** A typed cell: text, a number, a date (shown with its column's format), a link with its text, or empty. */
export type XlsxCell = string | number | Date | { text: string; link: string } | null;

/** A column: its header, its width in characters and, for dates, its number format (e.g. `yyyy-mm-dd`). */
export interface XlsxColumn {
  header: string;
  width: number;
  format?: string;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** The first number format id free for our own (0 - 163 are Excel's built-in ones). */
const FIRST_CUSTOM_FORMAT = 164;
/** Cell style 0 is the default, 1 the bold header; date formats follow. */
const BOLD_STYLE = 1;

/** Characters XML 1.0 cannot hold (most controls, U+FFFE, U+FFFF) are dropped, as exceljs did; the rest escaped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what XML cannot hold
const XML_SPECIAL = /[&<>"'\r\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A raw CR would be read back as a line feed; as a reference it stays what was typed.
  '\r': '&#13;',
};

/** Text as XML character data or an attribute value. */
export const xmlText = (text: string) => text.replace(XML_SPECIAL, (c) => ENTITIES[c] ?? '');

/** A sheet name Excel opens: at most 31 characters, none of `[ ] : * ? / \`. */
const sheetTitle = (name: string) =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Sheet1';

/** The parts written before the sheet, the sheet's opening, and how to name styles and links. */
export interface XlsxParts {
  before: [string, string][];
  sheetStart: string;
  boldStyle: number;
  dateStyle(format: string): number;
  linkRels(links: string[]): string;
}

/** Everything of the workbook but its rows, for `columns` on a sheet called `sheetName`. */
export function xlsxParts(sheetName: string, columns: XlsxColumn[]): XlsxParts {
  const formats = [...new Set(columns.flatMap((c) => (c.format ? [c.format] : [])))];
  const dateStyle = (format: string) => BOLD_STYLE + 1 + formats.indexOf(format);
  const xf = (numFmt: number, font: number) =>
    `<xf numFmtId="${numFmt}" fontId="${font}" fillId="0" borderId="0" xfId="0"` +
    `${font ? ' applyFont="1"' : ''}${numFmt ? ' applyNumberFormat="1"' : ''}/>`;
  const styles =
    `${XML}<styleSheet xmlns="${MAIN}">` +
    (formats.length
      ? `<numFmts count="${formats.length}">${formats
          .map((f, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${xmlText(f)}"/>`)
          .join('')}</numFmts>`
      : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
    '</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="${2 + formats.length}">${xf(0, 0)}${xf(0, 1)}` +
    formats.map((_, i) => xf(FIRST_CUSTOM_FORMAT + i, 0)).join('') +
    '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  const cols = columns
    .map((c, i) => {
      const style = c.format ? ` style="${dateStyle(c.format)}"` : '';
      return `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${style}/>`;
    })
    .join('');
  return {
    before: [
      [
        '[Content_Types].xml',
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.worksheet+xml"/>` +
          `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/></Types>`,
      ],
      [
        '_rels/.rels',
        `${XML}<Relationships xmlns="${PKG_REL}">` +
          `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
      [
        'xl/workbook.xml',
        `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
          `<sheets><sheet name="${xmlText(sheetTitle(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `${XML}<Relationships xmlns="${PKG_REL}">` +
          `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ],
      ['xl/styles.xml', styles],
    ],
    sheetStart:
      `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`,
    boldStyle: BOLD_STYLE,
    dateStyle,
    linkRels: (links) =>
      `${XML}<Relationships xmlns="${PKG_REL}">` +
      links
        .map(
          (link, i) =>
            `<Relationship Id="rId${i + 1}" Type="${REL}/hyperlink" Target="${xmlText(link)}" TargetMode="External"/>`,
        )
        .join('') +
      '</Relationships>',
  };
}
