// How each Wave 4 type's answers read outside the form (server/core/answer-types/): the text people read,
// export cells and columns, what the PDF draws, and the limits on the images a PDF unpacks.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answerOutput } from '../../../server/core/answer-types/registry.ts';
import { exportColumns } from '../../../server/core/exports/export-columns.ts';
import { exportCell } from '../../../server/core/exports/export-values.ts';
import { drawableImage, PDF_IMAGE_MAX_PIXELS } from '../../../server/core/exports/pdf-images.ts';
import { answerPairs, answerText } from '../../../server/core/mail/answers-text.ts';
import { fieldColumns } from '../../../server/core/submission-fields.ts';
import type { FormDefinition, FormField } from '../../../shared/engine/index.ts';
import { signaturePng } from '../../helpers/png.ts';
import { surveyDefinition } from '../../helpers/survey-form.ts';

const def = (fields: Record<string, unknown>[]) =>
  ({ id: 'f', title: 'F', submit: { label: 'Send' }, fields }) as unknown as FormDefinition;
const survey = surveyDefinition as unknown as FormDefinition;
const columns = fieldColumns([survey]);
const column = (key: string) => columns.find((c) => c.key === key)!;
const field = (key: string) => survey.fields!.find((f) => f.key === key) as FormField;

const types = suite('answer outputs per type');

types('people read a rating, scale and nps as the number out of its highest point', () => {
  assert.is(answerText(field('stars'), 4), '4 / 5');
  assert.is(answerText(field('ease'), 0), '0 / 10');
  assert.is(answerText(field('nps'), 8), '8 / 10');
  const [rating] = fieldColumns([def([{ key: 'r', type: 'rating', label: 'R', scale: { max: 10, icon: 'heart' } }])]);
  assert.is(answerOutput('rating')!.text!(rating, 7), '7 / 10');
  const [scale] = fieldColumns([def([{ key: 's', type: 'scale', label: 'S' }])]);
  assert.is(answerOutput('scale')!.text!(scale, 3), '3 / 5', 'a scale without points is 1 to 5');
});

types('a matrix reads "Row: Column; Row: Column" in the rows order; a ranking its labels joined by ", "', () => {
  assert.is(answerText(field('grid'), { taste: 'bad', speed: 'good' }), 'Speed: Good; Taste: Bad');
  assert.is(answerText(field('grid'), { taste: 'ok', speed: '' }), 'Taste: Fine', 'an empty row is left out');
  const multiple = {
    ...field('grid'),
    matrix: { ...field('grid').matrix!, multiple: true },
  } as FormField;
  assert.is(answerText(multiple, { speed: ['ok', 'good'] }), 'Speed: Fine, Good');
  assert.is(answerText(field('grid'), { gone: 'x' }), 'gone: x', 'a row no version names reads by its value');
  assert.is(answerText(field('order'), ['c', 'a', 'zz']), 'Cherries, Apples, zz');
  assert.is(answerText(field('at'), '23:59'), '23:59');
});

types('export columns: one per matrix row by key and by label; cells as stored or labelled', () => {
  const keys = exportColumns(columns, 'keys');
  assert.equal(keys.map((c) => c.header).slice(2), [
    'name',
    'stars',
    'ease',
    'nps',
    'grid.speed',
    'grid.taste',
    'order',
    'sign',
    'at',
  ]);
  const labels = exportColumns(columns, 'labels').map((c) => c.header);
  assert.equal(labels.slice(6, 8), ['Service: Speed', 'Service: Taste']);
  const values = { stars: 4, grid: { speed: 'good' }, order: ['b', 'a'] };
  const cells = (labelled: boolean) => keys.slice(2).map((c) => exportCell(c, values, labelled));
  assert.equal(cells(false), [undefined, 4, undefined, undefined, 'good', undefined, 'b, a', undefined, undefined]);
  assert.equal(cells(true).slice(4, 7), ['Good', undefined, 'Bananas, Apples']);
});

types('a matrix row any version had keeps its column; the newest labels win', () => {
  const grid = (rows: string[][], label: string) =>
    def([
      {
        key: 'g',
        type: 'matrix',
        label,
        matrix: {
          rows: rows.map(([value, l]) => ({ value, label: l })),
          columns: [
            { value: 'y', label: 'Yes' },
            { value: 'n', label: 'No' },
          ],
        },
      },
    ]);
  const merged = fieldColumns([
    grid([['b', 'Bee (new)']], 'Now'),
    grid(
      [
        ['a', 'Ay'],
        ['b', 'Bee'],
      ],
      'Then',
    ),
  ]);
  assert.equal(
    exportColumns(merged, 'labels')
      .slice(2)
      .map((c) => c.header),
    ['Now: Bee (new)', 'Now: Ay'],
  );
});

types('the PDF draws a matrix as a table, a ranking as a list and a signature as an image', () => {
  assert.equal(answerOutput('matrix')!.pdf!(column('grid'), { taste: 'bad', speed: 'good' }), {
    kind: 'table',
    rows: [
      ['Speed', 'Good'],
      ['Taste', 'Bad'],
    ],
  });
  assert.equal(answerOutput('ranking')!.pdf!(column('order'), ['a', 'c']), {
    kind: 'list',
    items: ['Apples', 'Cherries'],
  });
  const file = { file_id: 'f-1', name: 's.png', size: 10, type: 'image/png', url: 'http://x/v1/files/f-1' };
  assert.equal(answerOutput('signature')!.pdf!(column('sign'), file), { kind: 'image', fileId: 'f-1', text: 's.png' });
  assert.is(answerOutput('time'), undefined, 'time reads as text by the plain rules');
});

types(`a PDF unpacks a PNG of at most ${PDF_IMAGE_MAX_PIXELS} pixels, any JPEG, nothing else`, () => {
  assert.ok(drawableImage(signaturePng(2000, 2000)), 'at the limit');
  // Only the header is read: a PNG claiming one pixel more is refused before anything is unpacked.
  const over = signaturePng(10, 10);
  over.writeUInt32BE(2000, 16);
  over.writeUInt32BE(2001, 20);
  assert.not.ok(drawableImage(over), 'past the limit');
  assert.ok(drawableImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])));
  assert.not.ok(drawableImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')));
  assert.not.ok(drawableImage(signaturePng().subarray(0, 20)), 'a PNG cut before its header');
});

types('mail and chat read a piped label as the person saw it, with their answer in place', () => {
  const piped = def([
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'why', type: 'rating', label: 'Thanks {{name}}, how was it?' },
  ]);
  assert.equal(answerPairs(piped, { name: 'Zoë', why: 5 }), [
    ['Name', 'Zoë'],
    ['Thanks Zoë, how was it?', '5 / 5'],
  ]);
});

types.run();
