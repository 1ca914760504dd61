// The exports' columns and cells (server/core/exports/): which label heads a key across versions, how repeated
// labels are told apart, and how answers become typed workbook cells.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { exportColumns } from '../../../server/core/exports/export-columns.ts';
import { parseExportOptions } from '../../../server/core/exports/export-options.ts';
import { labelledValue } from '../../../server/core/exports/export-values.ts';
import { xlsxCell } from '../../../server/core/exports/xlsx-sheet.ts';
import { fieldColumns } from '../../../server/core/submission-fields.ts';
import type { FormDefinition } from '../../../shared/engine/index.ts';

const def = (fields: Record<string, unknown>[]) =>
  ({ id: 'f', title: 'F', submit: { label: 'Send' }, fields }) as unknown as FormDefinition;

const columns = suite('export columns');

columns('a key is headed by its newest label; a key only older versions had keeps its last one', () => {
  const v1 = def([
    { key: 'answer', type: 'text', label: 'Your answer' },
    { key: 'gone', type: 'text', label: 'First wording' },
  ]);
  const v2 = def([
    { key: 'answer', type: 'text', label: 'Your answer' },
    { key: 'gone', type: 'text', label: 'Last wording' },
  ]);
  const v3 = def([{ key: 'answer', type: 'text', label: 'Name' }]);
  const cols = exportColumns(fieldColumns([v3, v2, v1]), 'labels');
  assert.equal(
    cols.map((c) => [c.key, c.header]),
    [
      ['id', 'ID'],
      ['created_at', 'Submitted at (UTC)'],
      ['answer', 'Name'],
      ['gone', 'Last wording'],
    ],
  );
  assert.equal(
    exportColumns(fieldColumns([v3, v2, v1]), 'keys').map((c) => c.header),
    ['id', 'created_at', 'answer', 'gone'],
  );
});

columns('repeated labels (case aside) are numbered; line breaks and blank labels', () => {
  const cols = exportColumns(
    fieldColumns([
      def([
        { key: 'a', type: 'text', label: 'Name' },
        { key: 'b', type: 'text', label: 'name' },
        { key: 'c', type: 'text', label: 'Name (2)' },
        { key: 'd', type: 'text', label: 'Two\nlines' },
        { key: 'e', type: 'text', label: ' ID ' },
        { key: 'f', type: 'text', label: '   ' },
      ]),
    ]),
    'labels',
  );
  assert.equal(
    cols.map((c) => c.header),
    ['ID', 'Submitted at (UTC)', 'Name', 'name (2)', 'Name (2) (2)', 'Two lines', 'ID (2)', 'f'],
  );
});

columns('query options: defaults, every bad one named', () => {
  assert.equal(parseExportOptions(new URLSearchParams('')), { headers: 'keys', values: 'raw', bom: false });
  assert.equal(parseExportOptions(new URLSearchParams('headers=labels&values=labels&bom=1')), {
    headers: 'labels',
    values: 'labels',
    bom: true,
  });
  try {
    parseExportOptions(new URLSearchParams('headers=Labels&values=&bom=true'));
    assert.unreachable('accepted');
  } catch (err) {
    assert.equal((err as { details: string[] }).details, [
      'headers: must be keys or labels',
      'values: must be raw or labels',
      'bom: must be 0 or 1',
    ]);
  }
});

columns('labelled values and typed cells', () => {
  const [select, day, when, count] = fieldColumns([
    def([
      {
        key: 's',
        type: 'multiselect',
        label: 'S',
        options: [
          { value: 'a', label: 'Álpha' },
          { value: 'b', label: 'Beta' },
        ],
      },
      { key: 'd', type: 'date', label: 'D' },
      { key: 't', type: 'datetime', label: 'T' },
      { key: 'n', type: 'number', label: 'N' },
    ]),
  ]);
  const col = (field: typeof select) => ({ key: field.key, header: field.label, field });
  assert.equal(labelledValue(select, ['a', 'removed']), ['Álpha', 'removed']);
  assert.is(labelledValue(undefined, false), 'No');
  assert.is(xlsxCell(col(select), ['a', 'b'], true), 'Álpha; Beta');
  assert.is(xlsxCell(col(select), ['a', 'b'], false), 'a; b');
  assert.equal(xlsxCell(col(day), '2026-11-20', false), new Date('2026-11-20T00:00:00Z'));
  assert.equal(xlsxCell(col(when), '2026-11-20T09:30', false), new Date('2026-11-20T09:30Z'));
  assert.is(xlsxCell(col(day), 'soon', false), 'soon');
  assert.is(xlsxCell(col(count), 4.5, false), 4.5);
  assert.is(xlsxCell(col(count), '', false), null);
  assert.is(xlsxCell(col(count), true, false), 'Yes');
  const file = {
    file_id: '0d7c0000-0000-4000-8000-000000000000',
    name: 'cv.pdf',
    size: 3,
    url: 'https://x/v1/files/0d7c',
  };
  assert.equal(xlsxCell(col(count), file, true), { text: 'cv.pdf', link: 'https://x/v1/files/0d7c' });
  assert.is(labelledValue(undefined, file), 'cv.pdf (https://x/v1/files/0d7c)');
});

columns.run();
