// A data folder seeded through the store directly, for the benchmarks that need a form with many answers behind
// a real bundle (exports, verify): the owner key's workspace, one claimed form, and `rows` answers, each written as
// a respondent's would be (in its form's answer chain), `BATCH` in flight.
import { loadConfig } from '../../server/config.ts';
import { bootstrap, instanceSecret } from '../../server/core/bootstrap.ts';
import { newId } from '../../server/core/ids.ts';
import { createServices } from '../../server/core/services.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import { OWNER_KEY } from './_http.ts';

const BATCH = 2_000;

/** Seeds `dataDir` with a form of `definition` and `rows` answers (`values(i)`, a second apart); answers its id. */
export async function seedFolder(
  dataDir: string,
  definition: unknown,
  rows: number,
  values: (i: number) => Record<string, unknown>,
): Promise<string> {
  const store = await openSqlJsStore(dataDir, () => {});
  const config = loadConfig([], { FORMSTEAD_OWNER_KEY: OWNER_KEY, FORMSTEAD_DATA: dataDir });
  const services = createServices(store, config, await instanceSecret(store));
  await bootstrap(store, services.keys, config);
  const workspace = (await store.workspaces.first())!;
  const keyless = (await services.forms.publish(null, { definition })) as unknown as Record<string, string>;
  await services.forms.claim(keyless.claim_url.split('/').pop()!, workspace.id);
  for (let from = 0; from < rows; from += BATCH) {
    const batch = [];
    for (let i = from; i < Math.min(rows, from + BATCH); i++)
      batch.push(
        store.submissions.insert({
          id: newId(),
          formId: keyless.form_id,
          workspaceId: workspace.id,
          formVersion: 1,
          createdAt: new Date(1_790_000_000_000 + i * 1000).toISOString(),
          values: values(i),
          hiddenChars: false,
        }),
      );
    await Promise.all(batch);
  }
  await services.responseMail.stop();
  await store.close();
  return keyless.form_id;
}
