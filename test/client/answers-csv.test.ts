// The CSV the panel makes in the browser from opened answers (client/admin/encryption/answers-csv.ts): labels as
// headers (told apart when two read the same), option labels and Yes/No as the panel shows them, the spec 4.3
// escaping of formula-like cells, and a "Not opened" column only when an answer could not be opened.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { answersCsv } from '../../client/admin/encryption/answers-csv.ts';

const fields = [
  { key: 'name', label: 'Name', type: 'text' },
  { key: 'topic', label: 'Topic', type: 'select', options: { sales: 'Sales', support: 'Support' } },
  { key: 'agree', label: 'Agree', type: 'checkbox' },
  { key: 'name2', label: 'name', type: 'text' },
];
const at = '2026-11-29T06:00:00.000Z';

const t = suite('in-browser CSV of opened answers');

t('headers by label, values as people read them, cells escaped by spec 4.3', () => {
  const csv = answersCsv(fields, [
    { id: 'a1', created_at: at, values: { name: '=HYPERLINK("x")', topic: 'support', agree: true, name2: 'Ann, B' } },
    { id: 'a2', created_at: at, values: { name: ' @risk', topic: 'gone', agree: false } },
  ]);
  assert.is(
    csv,
    '\uFEFFID,Submitted at (UTC),Name,Topic,Agree,name (2)\r\n' +
      `a1,${at},"'=HYPERLINK(""x"")",Support,Yes,"Ann, B"\r\n` +
      `a2,${at},' @risk,gone,No,\r\n`,
  );
});

t('an answer that could not be opened says why in a last column', () => {
  const csv = answersCsv(fields.slice(0, 1), [
    { id: 'a1', created_at: at, values: { name: 'Ada' } },
    { id: 'a2', created_at: at, unreadable: 'encrypted for key AAAAAAAAAAAAAAAAAAAAAA' },
  ]);
  assert.is(
    csv,
    '\uFEFFID,Submitted at (UTC),Name,Not opened\r\n' +
      `a1,${at},Ada,\r\n` +
      `a2,${at},,encrypted for key AAAAAAAAAAAAAAAAAAAAAA\r\n`,
  );
});

t.run();
