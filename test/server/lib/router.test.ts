// The router over a small table, as the server's routes use it: literal segments first, parameters decoded
// only when they hold a `%` (a segment without one is its own decoding), a malformed escape matching no route
// (404, not a 405 of the path), HEAD answered by GET, and a fresh parameters object for every match.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Handler, Router } from '../../../server/lib/router.ts';

const test = suite('router');

const named = (name: string): Handler => Object.assign(() => name, { routeName: name });
const router = new Router([
  { method: 'GET', path: '/v1/forms/:id', handler: named('form') },
  { method: 'OPTIONS', path: '/v1/f/:id', handler: named('preflight') },
  { method: 'POST', path: '/v1/f/:id', handler: named('submit') },
  { method: 'POST', path: '/v1/f/:id/edit/:token', handler: named('edit') },
  { method: 'GET', path: '/f/:id/thanks', handler: named('thanks') },
]);

const found = (method: string, path: string) => {
  const m = router.match(method, path);
  if (!m || 'allow' in m) return m;
  return { name: (m.handler as Handler & { routeName: string }).routeName, params: m.params, path: m.path };
};

test('literal segments and parameters, each parameter as its segment or its decoding', () => {
  assert.equal(found('POST', '/v1/f/abc'), { name: 'submit', params: { id: 'abc' }, path: '/v1/f/:id' });
  assert.equal(found('POST', '/v1/f/a%20b'), { name: 'submit', params: { id: 'a b' }, path: '/v1/f/:id' });
  assert.equal(found('POST', '/v1/f/%E2%9C%93/edit/t%2Fk'), {
    name: 'edit',
    params: { id: '✓', token: 't/k' },
    path: '/v1/f/:id/edit/:token',
  });
  // Characters decodeURIComponent leaves as they are stay as they are without it.
  assert.equal(found('POST', "/v1/f/a+b~c-d_e.f!*'()"), {
    name: 'submit',
    params: { id: "a+b~c-d_e.f!*'()" },
    path: '/v1/f/:id',
  });
  // Empty segments count for nothing, as before.
  assert.equal(found('POST', '//v1//f/abc/'), { name: 'submit', params: { id: 'abc' }, path: '/v1/f/:id' });
});

test('another method of a known path is a 405 with the methods it takes; HEAD is answered by GET', () => {
  assert.equal(found('GET', '/v1/f/abc'), { allow: ['OPTIONS', 'POST'] });
  assert.equal(found('HEAD', '/f/x/thanks'), { name: 'thanks', params: { id: 'x' }, path: '/f/:id/thanks' });
  assert.is(found('POST', '/v1/g/abc'), undefined);
  assert.is(found('POST', '/v1/f'), undefined);
});

test('a malformed escape matches no route: 404, not 405', () => {
  assert.is(found('POST', '/v1/f/%E0%A4%A'), undefined);
  assert.is(found('GET', '/v1/f/%'), undefined);
});

test('every match has its own parameters object (handlers may rewrite it, as the slug wrapper does)', () => {
  const first = router.match('POST', '/v1/f/abc');
  const second = router.match('POST', '/v1/f/abc');
  assert.ok(first && !('allow' in first) && second && !('allow' in second));
  if (!first || 'allow' in first || !second || 'allow' in second) return;
  first.params.id = 'rewritten';
  assert.is(second.params.id, 'abc');
  assert.is.not(first.params, second.params);
});

test.run();
