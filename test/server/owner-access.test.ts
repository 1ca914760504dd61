// Owner access (ARCHITECTURE.md "Command line and operations"): a setup link whenever no one can sign
// in with a password, also with FORMSTEAD_OWNER_KEY, and `formstead admin-link` for a lost password.
import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OWNER_KEY } from '../helpers/api.ts';
import { bundlePath, startServer, tempDataDir, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
const post = (path: string, fields: Record<string, string>, cookie = '') =>
  fetch(server.url + path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    redirect: 'manual',
  });
const signIn = async (email: string, password: string) => (await post('/admin/login', { email, password })).status;
const setupLink = (output: string) => /Create the owner account \(this link works once\): (\S+)/.exec(output)?.[1];
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** Whether a session cookie opens the panel's account page (a signed-in shell, not the sign-in redirect). */
const signedIn = async (cookie: string) =>
  (await fetch(`${server.url}/admin/account`, { headers: { cookie }, redirect: 'manual' })).status === 200;
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [bundlePath, ...args], { encoding: 'utf8', timeout: 20000 });

const ownerKey = suite('FORMSTEAD_OWNER_KEY start');
ownerKey.after(async () => {
  await server?.stop();
});

ownerKey('prints the setup link; the link makes an owner who can sign in; the next start prints none', async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const link = setupLink(server.output());
  assert.ok(link, `no setup link printed:\n${server.output()}`);
  assert.is(link!.startsWith(`http://localhost:${server.port}/admin/setup?token=`), true);
  assert.is((await fetch(`${server.url}/admin/setup?token=${tokenOf(link!)}`)).status, 200);
  const made = await post('/admin/setup', {
    token: tokenOf(link!),
    email: 'me@example.com',
    password: 'correct horse battery',
  });
  assert.is(made.status, 303);
  assert.is(await signIn('me@example.com', 'correct horse battery'), 303);
  // The key still works beside the new owner.
  assert.is((await fetch(`${server.url}/v1/forms`, { headers: { authorization: `Bearer ${OWNER_KEY}` } })).status, 200);
  const dataDir = server.dataDir;
  await server.stop();
  server = await startServer({ dataDir, env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  assert.is(setupLink(server.output()), undefined, 'someone can sign in now: no link');
  await server.stop();
});

ownerKey('the password-less key owner may take the setup link with its own address', async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
  const token = tokenOf(setupLink(server.output())!);
  assert.is(
    (await post('/admin/setup', { token, email: 'owner@formstead.local', password: 'correct horse battery' })).status,
    303,
  );
  assert.is(await signIn('owner@formstead.local', 'correct horse battery'), 303);
  await server.stop();
});

const lost = suite('lost password: formstead admin-link');
lost.before(async () => {
  server = await startServer();
  const token = tokenOf(setupLink(server.output())!);
  assert.is(
    (await post('/admin/setup', { token, email: 'owner@example.com', password: 'the lost password' })).status,
    303,
  );
});
lost.after(async () => {
  await server.stop();
});

lost('admin-link, run while the server runs, lets the owner set a new password and sign in', async () => {
  const old = await post('/admin/login', { email: 'owner@example.com', password: 'the lost password' });
  const oldCookie = old.headers.get('set-cookie')!.split(';')[0];
  assert.ok(await signedIn(oldCookie));
  const r = cli('admin-link', '--data', server.dataDir, '--public-url', server.url);
  assert.is(r.status, 0, r.stderr);
  const link = /Set a new owner password \(this link works once, for an hour\): (\S+)/.exec(r.stdout)?.[1];
  assert.ok(link, r.stdout);
  assert.is(new URL(link!).origin, server.url);
  const token = tokenOf(link!);
  const form = await fetch(link!);
  assert.is(form.status, 200);
  assert.match(await form.text(), /<h1>Set a new password<\/h1>/);
  // Every problem at once; nothing changes.
  const bad = await post('/admin/reset', { token, email: 'nobody@example.com', password: 'short' });
  assert.is(bad.status, 422);
  const text = await bad.text();
  assert.match(text, /no owner account has this address/);
  assert.match(text, /at least 10 characters/);
  const done = await post('/admin/reset', { token, email: 'owner@example.com', password: 'a brand new password' });
  assert.is(done.status, 303);
  assert.ok(await signedIn(done.headers.get('set-cookie')!.split(';')[0]), 'signed in by the reset');
  assert.is(await signIn('owner@example.com', 'the lost password'), 401);
  assert.is(await signIn('owner@example.com', 'a brand new password'), 303);
  assert.not.ok(await signedIn(oldCookie), 'the session of the old password ended');
  assert.is((await fetch(link!)).status, 404, 'the link works once');
  assert.is(
    (await post('/admin/reset', { token, email: 'owner@example.com', password: 'yet another password' })).status,
    404,
  );
});

lost('a second admin-link replaces the first; a made-up token is refused', async () => {
  const first = tokenOf(
    /: (\S+)$/m.exec(cli('admin-link', '--data', server.dataDir, '--public-url', server.url).stdout)![1],
  );
  const second = tokenOf(
    /: (\S+)$/m.exec(cli('admin-link', '--data', server.dataDir, '--public-url', server.url).stdout)![1],
  );
  assert.is((await fetch(`${server.url}/admin/reset?token=${first}`)).status, 404);
  assert.is((await fetch(`${server.url}/admin/reset?token=${second}`)).status, 200);
  assert.is((await fetch(`${server.url}/admin/reset?token=made-up`)).status, 404);
  assert.is((await fetch(`${server.url}/admin/reset`)).status, 404);
});

lost('admin-link refuses a folder that is not a data folder, in one line', async () => {
  const r = cli('admin-link', '--data', await tempDataDir());
  assert.is(r.status, 2);
  assert.match(
    r.stderr.trim(),
    /^formstead: --data: \S+ is not a Formstead data folder \(start the server once, or pass --data\)$/,
  );
});

ownerKey.run();
lost.run();
