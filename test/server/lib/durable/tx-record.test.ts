// Journal records of transactions: the encoder writes exactly the JSON it always wrote (journals
// written before the encoder was rebuilt for speed must read the same, and so must new ones), and
// every value comes back from a frame as it was bound.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decodeFrame,
  encodeBehind,
  encodeTransaction,
  type JournalStatement,
  type SqlValue,
} from '../../../../server/lib/durable/tx-record.ts';

/** The encoding as first written: the whole structure through JSON.stringify, bytes as base64 objects. */
const reference = (statements: JournalStatement[]) =>
  JSON.stringify(
    statements.map((s) =>
      s.length === 1
        ? s
        : [s[0], s[1].map((v) => (v instanceof Uint8Array ? { b: Buffer.from(v).toString('base64') } : v))],
    ),
  );

const submission: JournalStatement[] = [
  [
    'INSERT INTO submissions (id, form_id, data) VALUES (?, ?, ?)',
    ['s1', 'f1', JSON.stringify({ a: 'quote " and \\ backslash', b: 'line\nbreak', c: 'é \u200B 😀' })],
  ],
  ['UPDATE forms SET submission_count = submission_count + 1 WHERE id = ?', ['f1']],
];

const cases: [string, JournalStatement[]][] = [
  ['a submission', submission],
  ['no statements', []],
  [
    'a migration script',
    [
      ['CREATE TABLE t (x "quoted" TEXT);\nCREATE INDEX i ON t (x);'],
      ['INSERT INTO schema_migrations (id) VALUES (?)', [1]],
    ],
  ],
  [
    'numbers, null, empty params',
    [
      ['UPDATE t SET a = ?, b = ?, c = ?', [0, -1.5, null]],
      ['DELETE FROM t', []],
      ['UPDATE t SET d = ?', [-0]],
    ],
  ],
  [
    'bytes',
    [
      ['INSERT INTO f (id, body) VALUES (?, ?)', ['x', new Uint8Array([0, 1, 2, 255])]],
      ['INSERT INTO f (body) VALUES (?)', [new Uint8Array(new Uint8Array([9, 8, 7, 6]).buffer, 1, 2)]],
    ],
  ],
  ['lone surrogates in text', [['INSERT INTO t (a) VALUES (?)', ['\uD800 alone \uDC00']]]],
];

const encoding = suite('encodeTransaction: the same bytes as JSON.stringify of the statements');
for (const [name, statements] of cases) {
  encoding(name, () => {
    assert.is(encodeTransaction(statements), reference(statements));
    // Twice: the second time the quoted SQL comes from the cache.
    assert.is(encodeTransaction(statements), reference(statements));
  });
}
encoding('the same SQL with different params is not mixed up by the cache', () => {
  const a: JournalStatement[] = [['UPDATE t SET a = ? WHERE id = ?', ['one', 1]]];
  const b: JournalStatement[] = [['UPDATE t SET a = ? WHERE id = ?', ['two', 2]]];
  assert.is(encodeTransaction(a), reference(a));
  assert.is(encodeTransaction(b), reference(b));
});
encoding('more distinct SQL texts than the cache holds still encode right', () => {
  for (let i = 0; i < 2500; i++) {
    const s: JournalStatement[] = [[`UPDATE t${i % 1200} SET a = ? WHERE id = "${i}"`, [i]]];
    assert.is(encodeTransaction(s), reference(s));
  }
});
encoding.run();

const roundTrip = suite('decodeFrame reads back what encodeTransaction wrote');
roundTrip('values come back as bound, bytes as Uint8Array', () => {
  const statements = cases.flatMap(([, s]) => s);
  const [tx] = decodeFrame(Buffer.from(`[${encodeTransaction(statements)}]`), 'test');
  assert.is(tx.behind, false);
  const decoded = tx.statements;
  assert.is(decoded.length, statements.length);
  decoded.forEach((s, i) => {
    const want = statements[i];
    assert.is(s[0], want[0]);
    if (want.length === 1) {
      assert.is(s.length, 1);
      return;
    }
    const got = s[1] as SqlValue[];
    want[1].forEach((v, j) => {
      if (v instanceof Uint8Array) assert.equal([...(got[j] as Uint8Array)], [...v]);
      else
        assert.is(
          Object.is(got[j], v) || (v === 0 && got[j] === 0),
          true,
          `${i}.${j}: ${String(got[j])} vs ${String(v)}`,
        );
    });
  });
});
roundTrip('a write behind reads back as one, in order with the others', () => {
  const statements: JournalStatement[] = [['INSERT INTO t (a) VALUES (?)', ['x']]];
  const frame = `[${encodeTransaction(statements)},${encodeBehind(statements)},${encodeTransaction([])}]`;
  const txs = decodeFrame(Buffer.from(frame), 'test');
  assert.equal(
    txs.map((t) => t.behind),
    [false, true, false],
  );
  assert.equal(txs[1].statements, statements);
  assert.equal(txs[2].statements, []);
});
roundTrip('a record that is neither a list nor a write behind is corrupt', () => {
  for (const bad of ['[{"ahead":[]}]', '[{"behind":{}}]', '[null]', '["x"]']) {
    assert.throws(() => decodeFrame(Buffer.from(bad), 'test'), /not a list of statements/);
  }
});
roundTrip.run();
