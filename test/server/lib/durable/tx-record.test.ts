// Journal records of transactions: the encoder writes the statements' JSON with each SQL text named by a
// number that its frame defines once, frames written before that (SQL texts inline) still read the same,
// and every value comes back from a frame as it was bound.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  decodeFrame,
  encodeBehind,
  encodeFramePayload,
  encodeTransaction,
  type JournalRecord,
  type JournalStatement,
  type SqlValue,
} from '../../../../server/lib/durable/tx-record.ts';

/**
 * The statements through JSON.stringify, bytes as base64 objects, each SQL text of a statement with params
 * replaced by `numbers` in order of first use: the encoding as first written, when `numbers` is empty.
 */
const reference = (statements: JournalStatement[], numbers: number[] = []) => {
  const texts = [...new Set(statements.filter((s) => s.length === 2).map((s) => s[0]))];
  return JSON.stringify(
    statements.map((s) =>
      s.length === 1
        ? s
        : [
            numbers.length > 0 ? numbers[texts.indexOf(s[0])] : s[0],
            s[1].map((v) => (v instanceof Uint8Array ? { b: Buffer.from(v).toString('base64') } : v)),
          ],
    ),
  );
};

/** One frame's payload of `records`, read back. */
const readBack = (...records: (JournalRecord | string)[]) =>
  decodeFrame(Buffer.from(encodeFramePayload(records)), 'test');

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

const encoding = suite('encodeTransaction: the statements as JSON, each SQL text a number');
for (const [name, statements] of cases) {
  encoding(name, () => {
    const record = encodeTransaction(statements);
    assert.is(record.sql.length, new Set(statements.filter((s) => s.length === 2).map((s) => s[0])).size);
    assert.is(record.text, reference(statements, record.sql));
    // Twice: the second time each text keeps its number.
    assert.equal(encodeTransaction(statements), record);
    assert.equal(readBack(record)[0].statements, statements);
  });
}
encoding("params written value by value are JSON.stringify's text for every kind of value", () => {
  // Strings that need each kind of escape and that need none, numbers JSON writes in exponent form, -0, bytes.
  const pool: SqlValue[] = [
    ...['', 'plain', 'q"uote', 'back\\slash', 'tab\tnl\n', '\u0000\u001f\u007f', '\u2028\u2029', 'é日本😀'],
    ...['\uD800', 'x\uDC00', '\uDBFF\uDFFF', '</script>'],
    ...[0, -0, 1, -1.5, 1e21, 1e-7, 2 ** 53 + 2, Number.MAX_VALUE, Number.MIN_VALUE, 123456789.125],
    ...[null, new Uint8Array([0, 255]), new Uint8Array(0)],
  ];
  let seed = 7;
  const next = () => {
    seed = (seed * 48271) % 2147483647;
    return seed % pool.length;
  };
  for (let i = 0; i < 500; i++) {
    const statements: JournalStatement[] = [
      ['UPDATE probe_generated SET a = ?', Array.from({ length: i % 7 }, () => pool[next()])],
    ];
    assert.is(encodeTransaction(statements).text, reference(statements, encodeTransaction(statements).sql));
  }
});
encoding('the same SQL with different params shares its number, not its params', () => {
  const a: JournalStatement[] = [['UPDATE t SET a = ? WHERE id = ?', ['one', 1]]];
  const b: JournalStatement[] = [['UPDATE t SET a = ? WHERE id = ?', ['two', 2]]];
  const [ra, rb] = [encodeTransaction(a), encodeTransaction(b)];
  assert.equal(ra.sql, rb.sql);
  assert.is(rb.text, reference(b, rb.sql));
  assert.equal(
    readBack(ra, rb).map((t) => t.statements),
    [a, b],
  );
});
encoding('a frame holds each text it uses once, and no other', () => {
  const insert = 'INSERT INTO probe_once (a) VALUES (?)';
  const unused = encodeTransaction([['DELETE FROM probe_unused WHERE a = ?', [1]]]);
  const records = [1, 2, 3].map((i) => encodeTransaction([[insert, [i]]]));
  const payload = encodeFramePayload(records);
  assert.is(payload.split(JSON.stringify(insert)).length - 1, 1);
  assert.not.ok(payload.includes('probe_unused'), `${unused.sql} is not in the frame`);
  assert.is(payload.length < 3 * insert.length, true, 'shorter than the texts three times');
});
encoding('past 1000 distinct SQL texts a statement is journaled with its text, and still reads back', () => {
  const records: JournalRecord[] = [];
  for (let i = 0; i < 1200; i++) records.push(encodeTransaction([[`UPDATE t${i} SET a = ? WHERE id = "${i}"`, [i]]]));
  // Numbers go 0, 1, 2, … in this process: the 1000th text is the last to get one.
  const numbered = records.filter((r) => r.sql.length === 1);
  assert.is(numbered.at(-1)?.sql[0], 999);
  assert.equal(records[records.indexOf(numbered.at(-1)!) + 1].sql, []);
  const late: JournalStatement[] = [['UPDATE t_past_the_bound SET a = ?', ['x']]];
  const record = encodeTransaction(late);
  assert.equal(record.sql, []);
  assert.is(record.text, reference(late));
  const txs = readBack(...records, record);
  assert.equal(txs[1199].statements, [['UPDATE t1199 SET a = ? WHERE id = "1199"', [1199]]]);
  assert.equal(txs[1200].statements, late);
});
encoding.run();

const roundTrip = suite('decodeFrame reads back what encodeTransaction wrote');
roundTrip('values come back as bound, bytes as Uint8Array', () => {
  const statements = cases.flatMap(([, s]) => s);
  const [tx] = readBack(encodeTransaction(statements));
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
  const txs = readBack(encodeTransaction(statements), encodeBehind(statements), encodeTransaction([]));
  assert.equal(
    txs.map((t) => t.behind),
    [false, true, false],
  );
  assert.equal(txs[1].statements, statements);
  assert.equal(txs[2].statements, []);
});
roundTrip('a frame written before SQL numbers (texts inline, a plain list) reads the same', () => {
  const frame =
    '[[["INSERT INTO t (a, b) VALUES (?, ?)",["x",{"b":"AAH/"}]],["CREATE TABLE u (x TEXT)"]],' +
    '{"behind":[["UPDATE t SET a = ?",[1]]]}]';
  const txs = decodeFrame(Buffer.from(frame), 'test');
  assert.equal(txs[0].statements[0][0], 'INSERT INTO t (a, b) VALUES (?, ?)');
  assert.equal([...(txs[0].statements[0][1]![1] as Uint8Array)], [0, 1, 255]);
  assert.equal(txs[0].statements[1], ['CREATE TABLE u (x TEXT)']);
  assert.equal(txs[1], { behind: true, statements: [['UPDATE t SET a = ?', [1]]] });
});
roundTrip('a number its frame does not define, or a frame of another shape, is corrupt', () => {
  assert.throws(
    () => decodeFrame(Buffer.from('{"sql":{"1":"UPDATE t SET a = ?"},"tx":[[[2,[1]]]]}'), 'test'),
    /names SQL 2, which its frame does not hold/,
  );
  assert.throws(
    () => decodeFrame(Buffer.from('{"sql":{},"tx":[[[0,[1]]]]}'), 'test'),
    /names SQL 0, which its frame does not hold/,
  );
  for (const bad of ['{"tx":[]}', '{"sql":[],"tx":[]}', '{"sql":{},"tx":{}}', '"x"', 'null']) {
    assert.throws(() => decodeFrame(Buffer.from(bad), 'test'), /not a list of transactions/, bad);
  }
  assert.equal(decodeFrame(Buffer.from('{"sql":{"0":"UPDATE t SET a = ?"},"tx":[[[0,[7]]]]}'), 'test'), [
    { behind: false, statements: [['UPDATE t SET a = ?', [7]]] },
  ]);
});
roundTrip('a record that is neither a list nor a write behind is corrupt', () => {
  for (const bad of ['[{"ahead":[]}]', '[{"behind":{}}]', '[null]', '["x"]']) {
    assert.throws(() => decodeFrame(Buffer.from(bad), 'test'), /not a list of statements/);
  }
});
roundTrip.run();

const jsonText = suite('a parameter marked as JSON text is journaled as that JSON and comes back as the same text');
/** Values whose JSON.stringify text is tricky to give back: escapes, numbers, key order, lone surrogates. */
const jsonValues: unknown[] = [
  { a: 'quote " and \\ backslash', b: 'line\nbreak\ttab\u0001', c: 'é \u200B 😀 \u2028' },
  { lone: '\uD800 alone \uDC00', end: 'x\uD83D' },
  { n: [0, -0, 1e21, 1e-7, 0.1 + 0.2, -1.5, 2 ** 53 + 2, 5e-324, 1.7976931348623157e308] },
  { b: 1, 10: 'ten', 2: 'two', a: null, '-1': 'minus', '4294967295': 'not an index', '01': 'x' },
  { ['__proto__']: { polluted: true }, constructor: 'c', toString: 's' },
  { nested: [[], {}, [{ deep: [true, false, null] }]], empty: '' },
  [],
  'a plain string',
  42,
  null,
  { long: 'x'.repeat(100_000), many: Array.from({ length: 500 }, (_, i) => ({ [`k${i}`]: i / 7 })) },
];
jsonText('each value comes back as the text that was bound, next to other params and bytes', () => {
  for (const value of jsonValues) {
    const text = JSON.stringify(value);
    const statements: JournalStatement[] = [
      ['INSERT INTO probe_json (id, data, n, b) VALUES (?, ?, ?, ?)', ['s1', text, 3, new Uint8Array([1, 2])], 1],
      ['INSERT INTO probe_json (data) VALUES (?)', [text], 0],
      ['INSERT INTO probe_json (data, id) VALUES (?, ?)', [text, 'last'], 0],
      ['INSERT INTO probe_json (id, data) VALUES (?, ?)', ['first', text], 1],
    ];
    const record = encodeBehind(statements);
    // Carried as JSON, not as a string of it: no quote of it is escaped.
    if (typeof value === 'object' && value !== null) assert.ok(record.text.includes(`{"j":${text}}`));
    const [tx] = readBack(record);
    assert.is(tx.behind, true);
    assert.is(tx.statements.length, 4);
    for (let i = 0; i < 4; i++) {
      const [sql, params, json] = statements[i] as [string, SqlValue[], number];
      const got = tx.statements[i] as [string, SqlValue[]];
      assert.is(got[0], sql);
      assert.is(got.length, 2);
      assert.is(got[1][json], text, `statement ${i}: the same text`);
      assert.equal(
        got[1].filter((_, j) => j !== json),
        params.filter((_, j) => j !== json),
      );
    }
  }
});
jsonText('a marked parameter that is not text is journaled as any other', () => {
  const statements: JournalStatement[] = [['UPDATE probe_json SET n = ?', [7], 0]];
  const record = encodeTransaction(statements);
  assert.is(record.text, reference([['UPDATE probe_json SET n = ?', [7]]], record.sql));
  assert.equal(readBack(record)[0].statements, [['UPDATE probe_json SET n = ?', [7]]]);
});
jsonText('a frame written before (the JSON as an escaped string) reads the same', () => {
  const text = JSON.stringify(jsonValues[0]);
  const frame = `{"sql":{"0":"INSERT INTO t (a) VALUES (?)"},"tx":[{"behind":[[0,[${JSON.stringify(text)}]]]}]}`;
  assert.equal(decodeFrame(Buffer.from(frame), 'test')[0].statements, [['INSERT INTO t (a) VALUES (?)', [text]]]);
});
jsonText.run();
