// Moderation pause through the services (the admin panel adds the UI): any status change is then 403.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';
import { instanceSecret } from '../../../server/core/bootstrap.ts';
import { createServices, type Services } from '../../../server/core/services.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import type { Store } from '../../../server/core/store/types.ts';
import { ApiError } from '../../../server/lib/api-error.ts';
import { contactDefinition } from '../../helpers/api.ts';
import { tempDataDir } from '../../helpers/server.ts';

const moderation = suite<{ store: Store; services: Services }>('moderation');
moderation.before(async (ctx) => {
  ctx.store = await openSqlJsStore(await tempDataDir());
  ctx.services = createServices(ctx.store, loadConfig([], {}), await instanceSecret(ctx.store));
});
moderation.after(async (ctx) => {
  await ctx.store.close();
});

moderation(
  'a form paused by moderation refuses status changes with paused_by_moderation until lifted',
  async ({ services, store }) => {
    const published = await services.forms.publish(null, { definition: contactDefinition() });
    await services.settings.setModerationPause(published.form_id, true);
    const form = (await store.forms.byId(published.form_id))!;
    assert.is(form.status, 'paused');
    assert.ok(form.moderationPaused);
    for (const status of ['active', 'paused']) {
      try {
        await services.settings.update(form, { status });
        assert.unreachable(`status ${status} was accepted`);
      } catch (err) {
        assert.instance(err, ApiError);
        assert.is((err as ApiError).status, 403);
        assert.is((err as ApiError).code, 'paused_by_moderation');
      }
    }
    const other = await services.settings.update(form, { success_message: 'still editable' });
    assert.is(other.success_message, 'still editable');
    await services.settings.setModerationPause(published.form_id, false);
    const lifted = await services.settings.update((await store.forms.byId(published.form_id))!, { status: 'active' });
    assert.is(lifted.status, 'active');
  },
);

moderation('a moderation-paused form refuses submissions with 409 paused', async ({ services }) => {
  const published = await services.forms.publish(null, { definition: contactDefinition() });
  await services.settings.setModerationPause(published.form_id, true);
  try {
    await services.submissions.submit({
      formId: published.form_id,
      values: { name: 'A', email: 'a@example.com' },
      formPost: false,
      bodyHash: 'x',
    });
    assert.unreachable('accepted');
  } catch (err) {
    assert.is((err as ApiError).status, 409);
  }
});

moderation(
  'the expiry sweep deletes unclaimed forms past their time with their submissions',
  async ({ services, store }) => {
    const published = await services.forms.publish(null, { definition: contactDefinition() });
    await services.submissions.submit({
      formId: published.form_id,
      values: { name: 'A', email: 'a@example.com' },
      formPost: false,
      bodyHash: 'x',
    });
    assert.is(await services.deletion.sweepExpired(new Date().toISOString()), 0, 'not yet expired');
    const later = new Date(Date.now() + 169 * 3600_000).toISOString();
    // The sweep takes the owner's delete path, so memory forgets the form too (its cached definitions).
    const definitions = services.forms.definitions;
    const forget = definitions.forget.bind(definitions);
    const forgotten: string[] = [];
    definitions.forget = (id: string) => {
      forgotten.push(id);
      forget(id);
    };
    assert.ok((await services.deletion.sweepExpired(later)) >= 1);
    definitions.forget = forget;
    assert.is(await store.forms.byId(published.form_id), undefined);
    assert.is((await store.submissions.page(published.form_id, 10)).length, 0);
    assert.ok(forgotten.includes(published.form_id), 'its definitions are forgotten');
  },
);

moderation.run();
