// An image's type and size come from its bytes: the four formats (JPEG and WebP as Chromium writes them),
// and everything else refused, however it is named.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sniffImage } from '../../../server/core/images/sniff.ts';
import { fixture, gif1x1, pngOfSize } from '../../helpers/images.ts';

test('PNG, JPEG, WebP and GIF are read with their sizes', () => {
  assert.equal(sniffImage(fixture('png')), { type: 'image/png', width: 12, height: 7 });
  assert.equal(sniffImage(fixture('jpg')), { type: 'image/jpeg', width: 12, height: 7 });
  assert.equal(sniffImage(fixture('webp')), { type: 'image/webp', width: 12, height: 7 });
  assert.equal(sniffImage(gif1x1), { type: 'image/gif', width: 1, height: 1 });
  assert.equal(sniffImage(pngOfSize(5000)), { type: 'image/png', width: 12, height: 7 });
});

test('lossy and lossless WebP headers give their sizes', () => {
  const riff = (chunk: string, body: number[]) =>
    Buffer.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from(`WEBP${chunk}`), 0, 0, 0, 0, ...body]);
  // VP8: frame tag (3 bytes), start code 9d 01 2a, width 300 and height 200 (14 bits each).
  assert.equal(sniffImage(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 300 & 255, 300 >> 8, 200 & 255, 200 >> 8])), {
    type: 'image/webp',
    width: 300,
    height: 200,
  });
  // VP8L: 0x2f, then width-1 (14 bits) and height-1 (14 bits), little-endian.
  const bits = (640 - 1) | ((480 - 1) << 14);
  assert.equal(sniffImage(riff('VP8L', [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, bits >>> 24])), {
    type: 'image/webp',
    width: 640,
    height: 480,
  });
});

test('anything else is no image: SVG, HTML, text, empty, cut-off headers, a zero size', () => {
  const refused: [string, Buffer][] = [
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['SVG with an XML prolog', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['text', Buffer.from('hello')],
    ['nothing', Buffer.alloc(0)],
    ['a PNG signature alone', fixture('png').subarray(0, 8)],
    ['a PNG cut inside IHDR', fixture('png').subarray(0, 20)],
    ['a JPEG cut before its frame header', fixture('jpg').subarray(0, 20)],
    ['a WebP cut in its header', fixture('webp').subarray(0, 16)],
    ['GIF87 of width 0', Buffer.from([...Buffer.from('GIF87a'), 0, 0, 1, 0])],
    ['a RIFF that is a WAV', Buffer.from('RIFF\0\0\0\0WAVEfmt \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0')],
  ];
  for (const [name, bytes] of refused) assert.is(sniffImage(bytes), undefined, name);
});

test.run();
