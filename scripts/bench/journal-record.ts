// The journal's record of one ingest submission and its share of a frame, measured alone (docs/performance.md,
// "The journal record and the chain link, session 8"): the statements sqljs/submissions.ts hands to writeBehind
// (the answer's row with its values' JSON, the chain link's row, the count and usage sums), their params checked,
// encoded (tx-record.ts) and framed FRAME records at a time (journal-format.ts), as now and as before session 8
// (a copy of that encoder below: each row's params stringified as two slices cut open, the frame sized by
// Buffer.byteLength in a buffer of its own), alternated over ROUNDS rounds of fresh answers; CPU µs a submission,
// medians, and the ratio now/before. Both ways must give the same frame bytes. The chain link (answerLink,
// nextLink) is timed too, for scale.
// Run: npm run bench journal-record   (BENCH_ROUNDS, BENCH_FRAME change the sizes)
import { encodeFrameText } from '../../server/lib/durable/journal-format.ts';
import { FRAME_SPACE_BYTES } from '../../server/lib/durable/journal.ts';
import {
  checkParams,
  checkStatements,
  encodeBehind,
  encodeFramePayload,
  encodeTransaction,
  type JournalRecord,
  type JournalStatement,
  type SqlValue,
} from '../../server/lib/durable/tx-record.ts';
import { answerLink, INSERT_LINK, nextLink } from '../../server/core/store/sqljs/chain.ts';
import {
  ADD_TO_FORM_COUNT,
  ADD_TO_USAGE,
  DATA_PARAM,
  INSERT_SUBMISSION,
  submissionRow,
} from '../../server/core/store/sqljs/submissions.ts';
import type { ChainHead, NewSubmission } from '../../server/core/store/types.ts';
import { newTimeOrderedRow } from '../../server/core/ids.ts';
import { values } from './_ingest-form.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const FRAME = Number(process.env.BENCH_FRAME ?? 50);
const ANSWERS = 5000;
const FORM = '0193a5b2-7c1d-7e2f-8a3b-4c5d6e7f8091';
const body = JSON.stringify({ values });

/** `n` answers as a respondent's post makes them: values parsed from the body, their JSON, an id and a time. */
function answers(n: number): NewSubmission[] {
  return Array.from({ length: n }, () => {
    const parsed = JSON.parse(body).values;
    const { id, createdAt } = newTimeOrderedRow();
    const valuesJson = JSON.stringify(parsed);
    return {
      id,
      formId: FORM,
      workspaceId: 'ws-bench',
      formVersion: 3,
      createdAt,
      values: parsed,
      valuesJson,
      hiddenChars: false,
    };
  });
}

/** The statements of each answer written behind (sqljs/submissions.ts insertBehind), links chained in order. */
function writes(list: NewSubmission[]): { rows: JournalStatement[]; sums: JournalStatement[] }[] {
  let head: ChainHead | undefined;
  return list.map((s) => {
    const [linkRow, next] = nextLink(s.formId, head, answerLink(s));
    head = next;
    return {
      rows: [
        [INSERT_SUBMISSION, submissionRow(s, next.pos), DATA_PARAM],
        [INSERT_LINK, linkRow],
      ],
      sums: [
        [ADD_TO_FORM_COUNT, [1, s.formId]],
        [ADD_TO_USAGE, [1, s.workspaceId!, s.createdAt.slice(0, 7)]],
      ],
    };
  });
}

// Before session 8 (tx-record.ts at 3fe9df0), for the baseline: the same text, made another way.
const refs = new Map<string, number>();
const refOf = (sql: string) => {
  let ref = refs.get(sql);
  if (ref === undefined) {
    ref = encodeTransaction([[sql, []]]).sql[0];
    refs.set(sql, ref);
  }
  return ref;
};
function paramsBefore(params: readonly SqlValue[], json: number | undefined): string {
  const plain = params.some((v) => v instanceof Uint8Array)
    ? params.map((v) => (v instanceof Uint8Array ? { b: Buffer.from(v).toString('base64') } : v))
    : params;
  const text = json === undefined ? undefined : params[json];
  if (typeof text !== 'string') return JSON.stringify(plain);
  const head = JSON.stringify(plain.slice(0, json)).slice(1, -1);
  const tail = JSON.stringify(plain.slice(json! + 1)).slice(1, -1);
  return `[${head}${head ? ',' : ''}{"j":${text}}${tail ? ',' : ''}${tail}]`;
}
function behindBefore(statements: JournalStatement[]): JournalRecord {
  let text = '[';
  const sql: number[] = [];
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i] as [string, SqlValue[], number?];
    const ref = refOf(s[0]);
    if (!sql.includes(ref)) sql.push(ref);
    text += `${i > 0 ? ',' : ''}[${ref},${paramsBefore(s[1], s[2])}]`;
  }
  return { text: `{"behind":${text}]}`, sql };
}

const ways = {
  before: (ws: ReturnType<typeof writes>, frames: Buffer[] | undefined) => {
    let records: JournalRecord[] = [];
    for (let i = 0; i < ws.length; i++) {
      const statements = [...ws[i].rows, ...ws[i].sums];
      for (const [sql, params] of statements) checkParams(sql, params ?? []);
      records.push(behindBefore(statements));
      if (records.length === FRAME || i === ws.length - 1) {
        const frame = encodeFrameText(encodeFramePayload(records));
        frames?.push(Buffer.from(frame));
        records = [];
      }
    }
  },
  now: (ws: ReturnType<typeof writes>, frames: Buffer[] | undefined) => {
    const space = Buffer.allocUnsafe(FRAME_SPACE_BYTES);
    let records: JournalRecord[] = [];
    for (let i = 0; i < ws.length; i++) {
      const statements = ws[i].rows.concat(ws[i].sums);
      checkStatements(statements);
      records.push(encodeBehind(statements));
      if (records.length === FRAME || i === ws.length - 1) {
        const frame = encodeFrameText(encodeFramePayload(records), space);
        frames?.push(Buffer.from(frame));
        records = [];
      }
    }
  },
};

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];

{
  const ws = writes(answers(3 * FRAME + 7));
  const [a, b]: Buffer[][] = [[], []];
  ways.before(ws, a);
  ways.now(ws, b);
  if (!Buffer.concat(a).equals(Buffer.concat(b))) throw new Error('the two ways made different frames');
}

const times: Record<'before' | 'now' | 'link', number[]> = { before: [], now: [], link: [] };
for (let round = 0; round < ROUNDS; round++) {
  const list = answers(ANSWERS);
  let t0 = cpuUs();
  const ws = writes(list);
  times.link.push((cpuUs() - t0) / ANSWERS);
  const order = round % 2 === 0 ? (['before', 'now'] as const) : (['now', 'before'] as const);
  for (const way of order) {
    t0 = cpuUs();
    ways[way](ws, undefined);
    times[way].push((cpuUs() - t0) / ANSWERS);
  }
}
console.log(
  `journal record of a submission with its share of a ${FRAME}-record frame (params checked, encoded, framed, CRC): ` +
    `now ${median(times.now).toFixed(2)} µs, before session 8 ${median(times.before).toFixed(2)} µs ` +
    `(ratio now/before ${(median(times.now) / median(times.before)).toFixed(3)}; ${ROUNDS} rounds of ${ANSWERS})`,
);
console.log(`the chain link and the statements (answerLink, nextLink, the rows): ${median(times.link).toFixed(2)} µs`);
