// GET /assets/group~<a>~<b>.js against the real bundle: the field types' modules a form uses, put together
// in one ES module from their fragments (server/http/assets.ts, client/renderer/types/list.ts). One URL per
// group: the names in order, each once, two or more, each a module with a fragment; anything else is 404.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const t = suite('asset groups');
t.before(async () => {
  server = await startServer();
});
t.after(async () => {
  await server?.stop();
});

t('a group is one ES module exporting each module by its name, cached by its tag', async () => {
  const path = '/assets/group~type-matrix~type-points~type-signature.js';
  const r = await call(server.url, 'GET', path);
  assert.is(r.status, 200);
  assert.match(r.headers.get('content-type')!, /^text\/javascript/);
  assert.is(r.headers.get('access-control-allow-origin'), '*');
  assert.ok(r.text.trimEnd().endsWith('export{m0 as "type-matrix",m1 as "type-points",m2 as "type-signature"};'));
  // The render runs the modules' code: V8 compiles it all as the file loads, as it does each module's alone.
  assert.ok(r.text.startsWith('//# allFunctionsCalledOnLoad\n'));
  const alone = await call(server.url, 'GET', '/assets/type-matrix.js');
  assert.ok(alone.text.startsWith('//# allFunctionsCalledOnLoad\n'));
  // Each part is the module's own code: the same fragment the build made, renamed.
  assert.is(r.text.split('\n').filter((line) => /^const m\d=\(\(\)=>\{/.test(line)).length, 3);
  const again = await call(server.url, 'GET', path, { headers: { 'if-none-match': r.headers.get('etag')! } });
  assert.is(again.status, 304);
});

t('other names are not found: out of order, repeated, alone, unknown, or a fragment itself', async () => {
  for (const path of [
    '/assets/group~type-points~type-matrix.js',
    '/assets/group~type-points~type-points.js',
    '/assets/group~type-points.js',
    '/assets/group~type-points~type-nothing.js',
    '/assets/group~calculations~type-points.js',
    '/assets/group~.js',
    '/assets/fragment:type-points',
  ]) {
    const r = await call(server.url, 'GET', path);
    assert.is(r.status, 404, path);
  }
});

t.run();
