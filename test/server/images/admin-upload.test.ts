// The panel's upload, POST /admin/forms/{id}/images: the session cookie of an editor, from the panel's own
// origin only (another site's page cannot make a signed-in browser add pictures), the same checks as the API;
// and POST /admin/drafts/{id}/images, the same for a form the builder has not published yet.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_KEY } from '../../helpers/api.ts';
import { adminClient, startWithOwner } from '../../helpers/admin-session.ts';
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

panel('a never-published form: its draft takes pictures the same way; they are the form’s after Publish', async () => {
  const own = new URL(server.url).origin;
  const { client, close } = adminClient(server, cookie);
  try {
    const draft = await client.drafts.create.mutate({ template: 'blank' });
    const postDraft = (data: Buffer, headers: Record<string, string>, id = draft.draft_id) =>
      postMultipart(server.url, `/admin/drafts/${id}/images`, body(data), undefined, headers);
    const ok = await postDraft(fixture('png'), { cookie, origin: own });
    assert.is(ok.status, 201, ok.text);
    assert.is((await fetch(server.url + ok.json.url)).status, 200);
    assert.is((await postDraft(fixture('png'), { origin: own })).status, 401);
    assert.is((await postDraft(fixture('png'), { cookie, origin: 'https://evil.example' })).status, 403);
    const svg = await postDraft(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { cookie, origin: own });
    assert.is(svg.status, 422);
    assert.is((await postDraft(fixture('png'), { cookie, origin: own }, 'nope')).status, 404);

    const definition = {
      id: 'pic',
      title: 'Picture',
      submit: { label: 'Send' },
      fields: [{ key: 'intro', type: 'statement', label: 'Hi', image: ok.json.url, imageAlt: 'Green' }],
    };
    await client.drafts.save.mutate({ draftId: draft.draft_id, text: JSON.stringify(definition) });
    const settings = await client.drafts.settings.query({ draftId: draft.draft_id });
    const published = await client.drafts.publish.mutate({ draftId: draft.draft_id });
    assert.is(published.form_id, settings.form_id);
    const served = await fetch(`${server.url}/v1/f/${published.form_id}/definition`);
    assert.is((await served.json()).definition.fields[0].image, ok.json.url);
  } finally {
    close();
  }
});

panel.run();
