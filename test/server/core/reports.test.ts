// Abuse reports through the services: networks, not addresses; one network counts once; the pause
// rule; reports die with their form.
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';
import { instanceSecret } from '../../../server/core/bootstrap.ts';
import { createServices, type Services } from '../../../server/core/services.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import type { Store } from '../../../server/core/store/types.ts';
import { networkOf } from '../../../server/lib/ip-network.ts';
import { contactDefinition } from '../../helpers/api.ts';
import { tempDataDir } from '../../helpers/server.ts';

const networks = suite('networkOf');

networks('IPv4 /24, IPv6 /48, IPv4-mapped IPv6 as IPv4, anything else unknown', () => {
  const rows: [string, string][] = [
    ['198.51.100.7', '198.51.100.0/24'],
    ['198.51.100.250', '198.51.100.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:1::1', '2001:db8:1::/48'],
    ['2001:0db8:0001:ffff::2', '2001:db8:1::/48'],
    ['2001:db8:2::1', '2001:db8:2::/48'],
    ['not an ip', 'unknown'],
    ['', 'unknown'],
  ];
  for (const [ip, net] of rows) assert.is(networkOf(ip), net, ip);
});

networks.run();

const reports = suite<{ store: Store; services: Services }>('reports');
reports.before(async (ctx) => {
  ctx.store = await openSqlJsStore(await tempDataDir());
  ctx.services = createServices(ctx.store, loadConfig([], {}), await instanceSecret(ctx.store));
});
reports.after(async (ctx) => {
  await ctx.store.close();
});

reports('a report keeps a keyed hash of the network, never the address', async ({ services }) => {
  const hash = services.reports.networkHash('198.51.100.7');
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.is(services.reports.networkHash('198.51.100.99'), hash, 'same /24');
  assert.is.not(services.reports.networkHash('198.51.101.7'), hash);
  // Keyed: a plain hash of the address or its network, which anyone could compute for every /24, differs.
  // (A check that the hex lacks "198" would fail by chance 1.5 % of the time: it proves nothing.)
  for (const text of ['198.51.100.7', '198.51.100.0/24', 'report-network:198.51.100.0/24']) {
    assert.is.not(hash, createHash('sha256').update(text).digest('hex'), text);
  }
});

reports(
  'the third distinct network within 24 h pauses an unclaimed form by moderation',
  async ({ services, store }) => {
    const { form_id } = await services.forms.publish(null, { definition: contactDefinition() });
    assert.equal(await services.reports.report(form_id, '192.0.2.1'), { stored: true, networks: 1, paused: false });
    assert.equal(await services.reports.report(form_id, '192.0.2.2'), { stored: false, networks: 1, paused: false });
    const old = new Date(Date.now() - 25 * 3600_000);
    await services.reports.report(form_id, '198.51.100.1', old);
    assert.equal(
      await services.reports.report(form_id, '203.0.113.1'),
      { stored: true, networks: 2, paused: false },
      'a report older than 24 h does not count',
    );
    assert.equal(await services.reports.report(form_id, '2001:db8::1'), { stored: true, networks: 3, paused: true });
    const form = (await store.forms.byId(form_id))!;
    assert.ok(form.moderationPaused);
    assert.is(form.status, 'paused');
    const summary = (await services.reports.recent()).find((r) => r.formId === form_id)!;
    assert.equal([summary.reports, summary.networks], [4, 4], 'the 7-day summary includes the older one');
  },
);

reports('report page tokens are bound to the form, the network and the hour', async ({ services }) => {
  const now = Date.now();
  const token = services.reports.token('form1', '192.0.2.1', now);
  assert.ok(services.reports.validToken('form1', '192.0.2.200', token, now + 1000));
  assert.not.ok(services.reports.validToken('form2', '192.0.2.1', token, now + 1000));
  assert.not.ok(services.reports.validToken('form1', '198.51.100.1', token, now + 1000));
  assert.not.ok(services.reports.validToken('form1', '192.0.2.1', token, now + 3601_000));
  assert.not.ok(services.reports.validToken('form1', '192.0.2.1', 'garbage', now));
  assert.not.ok(services.reports.validToken('form1', '192.0.2.1', undefined, now));
});

reports('reports are deleted with their form', async ({ services, store }) => {
  const { form_id } = await services.forms.publish(null, { definition: contactDefinition() });
  await services.reports.report(form_id, '192.0.2.1');
  await store.forms.delete(form_id);
  assert.is(
    (await services.reports.recent()).find((r) => r.formId === form_id),
    undefined,
  );
});

reports.run();
