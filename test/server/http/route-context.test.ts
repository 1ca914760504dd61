// parseTarget: a target taken as its own pathname is exactly what WHATWG URL parsing would give, for edge
// cases and for random targets over the characters that matter; routeContext parses the URL when asked.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTarget, routeContext } from '../../../server/http/route-context.ts';

const target = suite('route context');
const byUrl = (t: string) => {
  try {
    return new URL(t, 'http://localhost').pathname;
  } catch {
    return undefined; // parseTarget answers undefined too, and the server 400
  }
};

target('the pathname is the one URL parsing gives, whether or not the target was parsed', () => {
  const edges = [
    '/',
    '/v1/f/0192f0c4-aaaa-7bbb-8ccc-0123456789ab',
    '/assets/renderer.js',
    '/a/./b',
    '/a/../b',
    '/.well-known/x',
    '/a//b',
    '//evil.example/x',
    '/a b',
    '/%2e%2e/x',
    '/a\\b',
    '/é',
    '/x?y=1',
    '/x#frag',
    '/trailing/',
    '/~user/a_b-c.d',
    '/..',
    '/.',
    '/a/..',
  ];
  for (const t of edges) assert.is(parseTarget(t)?.pathname, byUrl(t), t);
  // Random targets over a small alphabet holding every character with a meaning in a path.
  const alphabet = ['/', '.', 'a', 'Z', '0', '-', '_', '~', '%', '2', 'e', '?', '#', '\\', ' ', 'é', ':'];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let i = 0; i < 5000; i++) {
    let t = '/';
    for (let n = next() % 12; n > 0; n--) t += alphabet[next() % alphabet.length];
    assert.is(parseTarget(t)?.pathname, byUrl(t), t);
  }
});

target('url and query are parsed from the target when read', () => {
  const req = {} as never;
  const res = {} as never;
  const plain = routeContext(req, res, {}, '/v1/f/x');
  assert.is(plain.url.pathname, '/v1/f/x');
  assert.is([...plain.query].length, 0);
  const asked = routeContext(req, res, { id: 'x' }, '/f/x?lang=de&embed=1');
  assert.is(asked.query.get('lang'), 'de');
  assert.is(asked.query.get('embed'), '1');
  assert.is(asked.url.search, '?lang=de&embed=1');
  assert.is(asked.params.id, 'x');
});

target.run();
