// One answer's PDF prints every character it may hold (issue 34): Noto Sans first, then Noto Emoji, then UnifontEX
// for the rest of the Basic Multilingual Plane and beyond (CJK, Arabic, Hebrew, Devanagari, Thai, mathematical
// letters); only a code point no font has prints as its code ("U+E000"), never "?". Read back by Debian's pdftotext
// and pdffonts, from the real bundle (an emoji option, "🦊 Fox", and a text answer in many scripts).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
// @ts-expect-error fontkit ships no types; the few calls below are typed by Face.
import * as fontkitModule from 'fontkit';
import { codePointLabel, runs } from '../../server/lib/pdf/answer-pdf.ts';
import { woffToSfnt } from '../../server/lib/pdf/woff.ts';
import { call, OWNER_KEY } from '../helpers/api.ts';
import { startServer, tempDataDir, type RunningServer } from '../helpers/server.ts';

const SCRIPTS = ['中文 日本語 한국어', 'مرحبا', 'שלום', 'नमस्ते', 'สวัสดี', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '★ ✓ → € ∑ ♥ ½'];
/**
 * Runs pdftotext reads back in order. Right-to-left and shaped scripts (Arabic, Hebrew, Devanagari) are laid out
 * character by character left to right (pdfkit has no bidi or shaping), so those are checked character by character.
 */
const IN_ORDER = ['中文 日本語 한국어', 'สวัสดี', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '★', '✓', '→', '€', '∑', '♥', '½', '🦊 Fox'];

const unit = suite('pdf fonts: runs');

unit('a character no font has prints as its code point; invisible ones are left out; never "?"', () => {
  const fonts = [
    { name: 'a', has: (cp: number) => cp < 0x80 },
    { name: 'b', has: (cp: number) => cp === 0x1f98a },
  ];
  assert.equal(runs('Fox 🦊\u{e000}\u200b!', fonts), [
    { font: 'a', text: 'Fox ' },
    { font: 'b', text: '🦊' },
    { font: 'a', text: 'U+E000!' },
  ]);
  assert.is(codePointLabel('\u{10fffd}'), 'U+10FFFD');
  assert.is(codePointLabel('\u0378'), 'U+0378');
});

/** The part of a fontkit font the test reads. */
interface Face {
  numGlyphs: number;
  characterSet: number[];
  layout(text: string): { advanceWidth: number };
  getGlyph(id: number): { path: { toSVG(): string } };
}
const fontkit = fontkitModule as { create(bytes: Buffer): Face };

unit('a WOFF unpacks to the same font as plain sfnt (glyphs, coverage, metrics); other bytes pass as they are', () => {
  const woff = readFileSync(
    createRequire(import.meta.url).resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  );
  const sfnt = woffToSfnt(woff);
  assert.is(sfnt.readUInt32BE(0), 0x00010000);
  const [a, b] = [fontkit.create(woff), fontkit.create(sfnt)];
  assert.is(b.numGlyphs, a.numGlyphs);
  assert.equal(b.characterSet, a.characterSet);
  assert.is(b.layout('Zoë Fox').advanceWidth, a.layout('Zoë Fox').advanceWidth);
  assert.is(b.getGlyph(40).path.toSVG(), a.getGlyph(40).path.toSVG());
  assert.ok(woffToSfnt(sfnt).equals(sfnt));
});

let server: RunningServer;
const e2e = suite('pdf fonts: the real bundle');
e2e.before(async () => {
  server = await startServer({ env: { FORMSTEAD_OWNER_KEY: OWNER_KEY } });
});
e2e.after(async () => {
  await server.stop();
});

const definition = {
  id: 'scripts',
  title: 'Favourite animal 🦊',
  submit: { label: 'Send' },
  fields: [
    {
      key: 'animal',
      type: 'select',
      label: 'Animal',
      options: [
        { value: 'fox', label: '🦊 Fox' },
        { value: 'cat', label: '🐈 Cat' },
      ],
    },
    { key: 'notes', type: 'textarea', label: 'Notes' },
  ],
};

/** The answer's PDF through the real bundle, saved to a file for poppler's tools. */
async function answerPdf(values: Record<string, unknown>): Promise<string> {
  const formId = (await call(server.url, 'POST', '/v1/forms', { key: OWNER_KEY, body: { definition } })).json.form_id;
  const sent = await call(server.url, 'POST', `/v1/f/${formId}`, { body: { values } });
  assert.is(sent.status, 201, sent.text);
  const res = await fetch(`${server.url}/v1/forms/${formId}/submissions/${sent.json.id}?format=pdf`, {
    headers: { authorization: `Bearer ${OWNER_KEY}` },
  });
  assert.is(res.status, 200);
  const file = path.join(await tempDataDir(), 'scripts.pdf');
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

e2e('an emoji option and nine scripts: every character in a font, no "?", the fallbacks embedded', async () => {
  const file = await answerPdf({ animal: 'fox', notes: SCRIPTS.join('\n') });
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  assert.not.ok(text.includes('?'), text);
  assert.not.ok(/U\+[0-9A-F]{4}/.test(text), text);
  for (const expected of IN_ORDER) assert.ok(text.includes(expected), `${expected} in:\n${text}`);
  for (const ch of SCRIPTS.join('').replace(/\s/g, '')) assert.ok(text.includes(ch), `${ch} in:\n${text}`);
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  assert.match(fonts, /NotoSans/);
  assert.match(fonts, /NotoEmoji/);
  assert.match(fonts, /UnifontEx/i);
  // Every font listed is embedded (the "emb" column) and subset.
  const rows = fonts.split('\n').slice(2).filter(Boolean);
  assert.ok(rows.length >= 3, fonts);
  for (const row of rows) assert.match(row, /\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/, row);
});

e2e('a Latin answer embeds Noto Sans only: the fallbacks are read only when a character needs them', async () => {
  const file = await answerPdf({ animal: 'cat', notes: 'Plain words, Zoë.' });
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
  assert.match(fonts, /NotoSans/);
  assert.not.match(fonts, /UnifontEx/i);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  assert.ok(text.includes('Cat') && text.includes('Plain words, Zoë.'), text);
});

unit.run();
e2e.run();
