// parseCsv: RFC 4180 records (quoted commas, line breaks and quotes), CRLF or LF, a leading byte-order
// mark, and the problems that stop a file being read; the round trip of what csv.ts writes.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { csvRow } from '../../../server/lib/csv.ts';
import { parseCsv } from '../../../server/lib/csv-parse.ts';

const csv = suite('parseCsv');

csv('quoted cells hold commas, line breaks and doubled quotes; CRLF and LF both end a record', () => {
  assert.equal(parseCsv('\uFEFFa,b\r\n"x, y","line\nbreak ""q"""\n,\n'), {
    records: [
      ['a', 'b'],
      ['x, y', 'line\nbreak "q"'],
      ['', ''],
    ],
  });
  assert.equal(parseCsv('a,b'), { records: [['a', 'b']] }, 'no line end after the last record');
  assert.equal(parseCsv(''), { records: [] });
});

csv('reads back what csv.ts writes', () => {
  const cells = ['plain', 'a,b', 'say "hi"', 'two\r\nlines', ''];
  assert.equal(parseCsv(csvRow(cells) + csvRow(['z'])), { records: [cells, ['z']] });
});

csv('an unclosed quote, or text after a closing quote, is a problem naming the line', () => {
  assert.equal(parseCsv('a\n"open\nstill'), { problem: 'line 2: a quoted cell that starts here is not closed' });
  assert.equal(parseCsv('a\n"x"y,z'), { problem: 'line 2: a quoted cell must end at a comma or the end of the line' });
});

csv('stops after maxRecords + 1 records', () => {
  const parsed = parseCsv('1\n2\n3\n4\n5\n', 2);
  assert.equal(parsed, { records: [['1'], ['2'], ['3']] });
});

csv.run();
