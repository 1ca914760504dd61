import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer, type RunningServer } from '../helpers/server.ts';

const health = suite<{ server?: RunningServer }>('healthz');
health.before(async (ctx) => {
  ctx.server = await startServer();
});
health.after(async (ctx) => {
  await ctx.server?.stop();
});

health('GET /healthz answers 200 from the real bundle', async (ctx) => {
  const res = await fetch(`${ctx.server!.url}/healthz`);
  assert.is(res.status, 200);
});

health.run();
