// Benchmarks Find a person (server/core/people/) on the embedded store at 50 forms of 10,000 answers each
// (BENCH_FORMS, BENCH_ROWS change it): the search for one address (3 answers of it among the rest), against
// a baseline measured in the same run on the same store: reading every answer of every form (what a search
// would cost without the store's substring filter). Run: npm run bench people.
import { loadConfig } from '../../server/config.ts';
import { instanceSecret } from '../../server/core/bootstrap.ts';
import { newId } from '../../server/core/ids.ts';
import { createServices } from '../../server/core/services.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import { contactDefinition } from '../../test/helpers/api.ts';
import { tempDataDir } from '../../test/helpers/server.ts';

const FORMS = Number(process.env.BENCH_FORMS ?? 50);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);

const dataDir = await tempDataDir();
const store = await openSqlJsStore(dataDir, () => {});
const services = createServices(store, loadConfig([], { FORMSTEAD_DATA: dataDir }), await instanceSecret(store));
const ws = newId();
await store.workspaces.create({ id: ws, name: 'Bench', createdAt: new Date().toISOString() });
const owner = { kind: 'user' as const, userId: newId(), workspaceId: ws, role: 'owner' as const };

const filling = Date.now();
const formIds: string[] = [];
for (let f = 0; f < FORMS; f++) {
  const formId = (await services.forms.publish(owner, { definition: contactDefinition({ title: `Form ${f}` }) }))
    .form_id;
  formIds.push(formId);
  const inserts = [];
  for (let i = 0; i < ROWS; i++) {
    // Ada answered three forms; everyone else is someone else, some of them near misses of her address.
    const email = i === 7 && f % 20 === 0 ? 'Ada@Example.com' : `person${i}@example.org`;
    const message = i % 100 === 0 ? 'please copy ada@example.co and xada@example.com' : 'A question about pricing.';
    inserts.push(
      store.submissions.insert({
        id: newId(),
        formId,
        workspaceId: ws,
        formVersion: 1,
        createdAt: new Date().toISOString(),
        values: { name: `Person ${i}`, email, topic: 'sales', message },
        hiddenChars: false,
      }),
    );
  }
  await Promise.all(inserts);
}
console.log(`filled ${FORMS} forms x ${ROWS} answers in ${((Date.now() - filling) / 1000).toFixed(1)} s`);

const time = async (fn: () => Promise<unknown>) => {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
};
const baseline = await time(async () => {
  let n = 0;
  for (const id of formIds) for await (const _ of store.submissions.iterate(id)) n++;
  return n;
});
const search = await time(() => services.people.search(ws, 'ada@example.com'));
const found = (search.result as { counts: { answers: number } }).counts.answers;
console.log(`baseline: every answer read (${baseline.result}) in ${baseline.ms.toFixed(0)} ms`);
console.log(`search: ${found} answers found in ${search.ms.toFixed(0)} ms`);
console.log(`ratio search / baseline: ${(search.ms / baseline.ms).toFixed(2)}`);
await services.responseMail.stop();
await store.close();
