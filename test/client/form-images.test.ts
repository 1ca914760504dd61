// Where a form's pictures load from: the hosted page's own server (relative addresses), or, in the inline
// embed on another site, the server of the form's endpoint (a path prefix behind a proxy kept).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formImages } from '../../client/hosted/view.ts';

const sizes = { '/i/6f1c': { width: 1200, height: 400 } };

test('the hosted page: the address as the definition names it', () => {
  assert.equal(formImages(sizes, '/v1/f/abc'), { '/i/6f1c': { src: '/i/6f1c', width: 1200, height: 400 } });
  assert.equal(formImages(sizes, ''), { '/i/6f1c': { src: '/i/6f1c', width: 1200, height: 400 } });
});

test("the inline embed: on the form's server, behind its path prefix too", () => {
  assert.equal(
    formImages(sizes, 'https://forms.example.com/v1/f/abc')!['/i/6f1c'].src,
    'https://forms.example.com/i/6f1c',
  );
  assert.equal(
    formImages(sizes, 'https://example.com/forms/v1/f/abc')!['/i/6f1c'].src,
    'https://example.com/forms/i/6f1c',
  );
});

test('a view without pictures gives none', () => {
  assert.is(formImages(undefined, '/v1/f/abc'), undefined);
});

test.run();
