// The metrics settings at their edges, read by loadConfig (the refusals past them are in config.test.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../../server/config.ts';

const c = suite('metrics config');

c('a token of exactly 16 or 256 characters is taken; metrics stay off unless set', () => {
  for (const token of ['a'.repeat(16), 'b'.repeat(256)])
    assert.is(loadConfig([], { FORMSTEAD_METRICS_TOKEN: token }).metricsToken, token);
  assert.throws(() => loadConfig([], { FORMSTEAD_METRICS_TOKEN: 'b'.repeat(257) }), /FORMSTEAD_METRICS_TOKEN/);
  const off = loadConfig([], {});
  assert.is(off.metricsToken, undefined);
  assert.is(off.metricsPort, undefined);
});

c('FORMSTEAD_METRICS=on with --metrics-port 1 and 65535 is taken', () => {
  for (const port of [1, 65535])
    assert.is(loadConfig(['--metrics-port', String(port)], { FORMSTEAD_METRICS: 'on' }).metricsPort, port);
});

c.run();
