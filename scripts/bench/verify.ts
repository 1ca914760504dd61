// `formstead verify` on a signed export of 100,000 answers (issue 35: "passes a clean export of 100,000 answers,
// time printed by npm run bench"): the bundle serves GET /v1/forms/{id}/submissions?format=jsonl&signed=1 from a
// data folder seeded through the store, and the bundle's own `verify` checks the file with the instance's public
// key. The baseline, timed in the same run, is a Node process that reads the same file and parses each line (the
// least any check of it must do). A copy with one value changed must fail, naming that answer.
// Run: npm run bench verify   (BENCH_VERIFY_ROWS sets the count)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/helpers/server.ts';
import { bundle, OWNER_KEY, startBundle } from './_http.ts';
import { seedFolder } from './_seed-folder.ts';

const ROWS = Number(process.env.BENCH_VERIFY_ROWS ?? 100_000);
const definition = {
  id: 'bench',
  title: 'Bench',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'email', type: 'email', label: 'Email' },
    { key: 'nps', type: 'nps', label: 'Recommend us' },
    { key: 'message', type: 'textarea', label: 'Message' },
  ],
};
const values = (i: number) => ({
  name: `Zoë Respondent ${i}`,
  email: `person${i}@example.org`,
  nps: i % 11,
  message: 'I would like to know more about the product and how it fits our team. '.slice(0, 40 + (i % 30)),
});

/** Runs `args` with Node; its wall time in ms, exit code and output. */
function timedNode(args: string[]) {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - started, code: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

const work = mkdtempSync(path.join(tmpdir(), 'formstead-bench-verify-'));
const dataDir = path.join(work, 'data');
const seeding = performance.now();
const formId = await seedFolder(dataDir, definition, ROWS, values);
const seededIn = ((performance.now() - seeding) / 1000).toFixed(0);
console.log(`seeded ${ROWS.toLocaleString('en')} answers through the store in ${seededIn} s`);
const { child, url } = await startBundle(await freePort(), {}, dataDir);
const auth = { authorization: `Bearer ${OWNER_KEY}` };
const exported = await fetch(`${url}/v1/forms/${formId}/submissions?format=jsonl&signed=1`, { headers: auth });
if (exported.status !== 200) throw new Error(`export: ${exported.status} ${await exported.text()}`);
const exportFile = path.join(work, 'export.jsonl');
writeFileSync(exportFile, Buffer.from(await exported.arrayBuffer()));
const keyFile = path.join(work, 'signing-key.pem');
writeFileSync(keyFile, (await (await fetch(`${url}/v1/signing-key`)).json()).public_key_pem);
child.kill('SIGTERM');

const baselineScript =
  "const fs=require('fs');let n=0;for(const l of fs.readFileSync(process.argv[1],'utf8').split('\\n'))" +
  'if(l)JSON.parse(l),n++;console.log(n)';
const rounds = 3;
const baseline: number[] = [];
const verified: number[] = [];
for (let round = 0; round < rounds; round++) {
  const b = timedNode(['-e', baselineScript, exportFile]);
  if (b.code !== 0) throw new Error(`baseline: ${b.out}`);
  baseline.push(b.ms);
  const v = timedNode([bundle, 'verify', exportFile, '--public-key', keyFile]);
  if (v.code !== 0) throw new Error(`verify refused the clean export: ${v.out}`);
  verified.push(v.ms);
}

// One value changed in the middle of the file: verify must name that answer.
const lines = readFileSync(exportFile, 'utf8').split('\n');
const middle = Math.floor(ROWS / 2);
const changed = JSON.parse(lines[middle]);
changed.values.nps = (changed.values.nps + 1) % 11;
lines[middle] = JSON.stringify(changed);
const tamperedFile = path.join(work, 'tampered.jsonl');
writeFileSync(tamperedFile, lines.join('\n'));
const tampered = timedNode([bundle, 'verify', tamperedFile, '--public-key', keyFile]);
if (tampered.code === 0 || !tampered.out.includes(changed.id))
  throw new Error(`verify did not name the changed answer ${changed.id}: ${tampered.out}`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (readFileSync(exportFile).length / 1e6).toFixed(1);
console.log(`formstead verify, a signed export of ${ROWS.toLocaleString('en')} answers (${mb} MB), ${rounds} rounds`);
console.log(`  baseline: read and parse each line   ${(median(baseline) / 1000).toFixed(2)} s (median)`);
console.log(`  formstead verify (clean: passes)     ${(median(verified) / 1000).toFixed(2)} s (median)`);
console.log(`  ratio                                ${(median(verified) / median(baseline)).toFixed(2)}x the baseline`);
console.log(`  a changed value                      named (${tampered.out.split('\n')[0].slice(0, 100)})`);
