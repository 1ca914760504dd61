// The panel's upload, POST /admin/forms/{id}/images: the session cookie of an editor, from the panel's own
// origin only (another site's page cannot make a signed-in browser add pictures), the same checks as the API.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_KEY } from '../../helpers/api.ts';
import { startWithOwner } from '../../helpers/admin-session.ts';
import { multipartBody, postMultipart } from '../../helpers/files.ts';
import { fixture, publishPlainForm } from '../../helpers/images.ts';
import type { RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
let cookie: string;
const body = (data: Buffer) => multipartBody([{ name: 'image', filename: 'a.png', type: 'image/png', data }]);
const post = (formId: string, data: Buffer, headers: Record<string, string>) =>
  postMultipart(server.url, `/admin/forms/${formId}/images`, body(data), undefined, headers);

const panel = suite('the panel uploads pictures');
panel.before(async () => {
  ({ server, cookie } = await startWithOwner({ FORMSTEAD_OWNER_KEY: OWNER_KEY }));
});
panel.after(() => server.stop().then(() => undefined));

panel('a signed-in editor from the panel: 201; without a session 401; from another origin 403', async () => {
  const formId = await publishPlainForm(server.url);
  const own = new URL(server.url).origin;
  const ok = await post(formId, fixture('png'), { cookie, origin: own });
  assert.is(ok.status, 201, ok.text);
  assert.equal([ok.json.width, ok.json.height, ok.json.type], [12, 7, 'image/png']);
  assert.is((await fetch(server.url + ok.json.url)).status, 200);
  assert.is((await post(formId, fixture('png'), { origin: own })).status, 401);
  const foreign = await post(formId, fixture('png'), { cookie, origin: 'https://evil.example' });
  assert.is(foreign.status, 403, foreign.text);
  const svg = await post(formId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { cookie, origin: own });
  assert.equal(
    [svg.status, svg.json.details],
    [422, ['image: is not a PNG, JPEG, WebP or GIF image (judged by its bytes, not its name)']],
  );
  assert.is((await post('nope', fixture('png'), { cookie, origin: own })).status, 404);
});

panel.run();
