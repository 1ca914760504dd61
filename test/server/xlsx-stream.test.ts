// The workbook export streams (issue 38): rows read the way the embedded store reads them (pages with no turn
// of the event loop between rows) still leave as they are written, and the zip's deflater holds them back when
// it falls behind. Before, nothing reached the socket until the last row: 1,000,000 answers took 198 s and
// 2.4 GB before the first byte. Memory and first-byte figures at a million answers: npm run bench exports.
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeXlsx, zipInput } from '../../server/lib/xlsx-writer.ts';

const ROWS = 20_000;

/** A socket-like sink: takes 64 KB, then asks the writer to wait until the next turn of the event loop. */
function sink() {
  let bytes = 0;
  const out = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      setImmediate(done);
    },
  });
  return { out, bytes: () => bytes };
}

const stream = suite('xlsx: streaming');

stream('bytes reach the socket while rows are still being read, not only at the end', async () => {
  const { out, bytes } = sink();
  const finished = new Promise((resolve) => out.on('finish', resolve));
  let sentBeforeLastRow = -1;
  async function* rows() {
    for (let i = 0; i < ROWS; i++) {
      if (i === ROWS - 1) sentBeforeLastRow = bytes();
      yield [`answer-${i}`, i, `Some text of answer ${i} that a person typed`];
    }
  }
  const columns = ['id', 'n', 'text'].map((header) => ({ header, width: 10 }));
  await writeXlsx(out, 'Submissions', columns, rows());
  await finished;
  const total = bytes();
  assert.ok(total > 100_000, `a workbook of ${total} bytes`);
  assert.ok(
    sentBeforeLastRow > total / 2,
    `${sentBeforeLastRow} of ${total} bytes had left before the last row was read`,
  );
});

stream("exceljs's sheet stream exposes the deflater it writes into (the pinned version's internals)", async () => {
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
  const { out } = sink();
  const book = new WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet('S');
  for (let i = 0; i < 2000; i++) sheet.addRow([i, 'x'.repeat(50)]).commit();
  await new Promise((resolve) => setImmediate(resolve));
  const deflater = zipInput(sheet);
  assert.ok(deflater, 'the zip has started on the sheet');
  assert.type(deflater.write, 'function');
  assert.type(deflater.once, 'function');
  sheet.commit();
  await book.commit();
});

stream.run();
