// Build-time htm (scripts/htm-precompile): a compiled template must make the same h() calls as
// runtime htm on the same values, read each value as often, compile every client file, and leave
// htm's parser out of the bundles whose templates it compiled.
import { build } from 'esbuild';
import htm from 'htm';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { clientEntries } from '../../scripts/client-entries.mjs';
import { htmPrecompile, precompileFile, precompileModule, tagModule } from '../../scripts/htm-precompile/index.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** An h that records its call: the tree of records is what the two ways must agree on. */
const record = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({
  type,
  props: props && Object.entries(props), // entries, so the order of props is compared too
  children,
});
(globalThis as any).__htmTest = { h: record, runtime: htm.bind(record) };

const dataUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;
// The test modules import `html` (runtime htm bound to record) and, once compiled, `h` from these.
const TAG = dataUrl('export const html = globalThis.__htmTest.runtime;');
const H = dataUrl('export const h = globalThis.__htmTest.h;');
const moduleOf = (expr: string) => `import { html } from ${JSON.stringify(TAG)};\nexport default (v) => ${expr};\n`;
const compile = (source: string) => precompileModule(source, { isTagModule: (s) => s === TAG, hFrom: H });

/** Calls a module's default export with `values` behind a proxy that counts each property read. */
async function run(source: string, values: Record<string, unknown>) {
  const reads: Record<string, number> = {};
  const v = new Proxy(values, {
    get: (o, k: string) => {
      reads[k] = (reads[k] ?? 0) + 1;
      return o[k];
    },
  });
  const result = (await import(dataUrl(source))).default(v);
  return { result, reads };
}

const C = (props: unknown) => props; // a component: h only sees its identity
const f = () => 'handler';

// [what, the template expression (`v` holds the values), values]
const rows: [string, string, Record<string, unknown>?][] = [
  ['one element with text', 'html`<p class="lead">Hello</p>`'],
  [
    'text with expressions',
    'html`<p>Hello, ${v.name}! You have ${v.n} new ${v.n === 1 ? "message" : "messages"}.</p>`',
    { name: 'Ada', n: 2 },
  ],
  [
    'templates nested in ${}',
    'html`<ul>${v.items.map((i) => html`<li key=${i}>${i}${i === "b" && html`<b>!</b>`}</li>`)}</ul>`',
    { items: ['a', 'b'] },
  ],
  ['a template as a prop value', 'html`<${v.C} label=${html`<em>x</em>`} />`', { C }],
  ['component closed by <//>', 'html`<${v.C} a=${1} b="x">kid<//>`', { C }],
  ['component closed by name (htm drops that ${})', 'html`<${v.C}>x</${v.C}>`', { C }],
  ['self-closing tags', 'html`<div><br/><img src="a.png" alt="" /><${v.C}/><option selected/></div>`', { C }],
  ['spread alone', 'html`<div ...${v.o} />`', { o: { id: 'o', title: 't' } }],
  [
    'spread, then attributes',
    'html`<input ...${v.o} id="x" value=${v.val} />`',
    { o: { id: 'o', type: 'text' }, val: 3 },
  ],
  [
    'one attribute on both sides of a spread',
    'html`<div id="a" ...${v.o} id="b" title=${v.t} />`',
    { o: { id: 'o', title: 'o' }, t: 'T' },
  ],
  [
    'two spreads',
    'html`<div a="1" ...${v.o} b="2" ...${v.p} a="3" />`',
    { o: { a: 'o', b: 'o' }, p: { b: 'p', c: 'p' } },
  ],
  ['spread of null and of an object literal', 'html`<div ...${null} /><p ...${{ k: v.n }} />`', { n: 1 }],
  ['boolean attributes', 'html`<input disabled type="checkbox" checked=${v.on} required />`', { on: false }],
  [
    'attribute values mixing text and expressions',
    'html`<div class="a ${v.b} c" title="${v.n}${v.m}" style="${v.n}px" data-x="${v.n}" data-y=${v.n} ' +
      'data-z="" data-q=\'say "hi"\' data-u=plain />`',
    { b: 'B', n: 1, m: 2 },
  ],
  ['an attribute repeated without a spread', 'html`<div a=${v.x} a="2" />`', { x: 1 }],
  ['a ${} where htm expects an attribute (dropped)', 'html`<div ${v.x}></div>`', { x: 1 }],
  ['odd attribute names', 'html`<div @click=${v.f} :x="1" aria-label="l" onClick=${v.f} />`', { f }],
  ['multiple roots', 'html`<a/><b>x</b>`'],
  ['text around one root', 'html` <${v.C}>x<//>`', { C }],
  ['comments', 'html`<div><!-- a note ${v.x} --> after<!----><!-- a -- b --> end</div>`', { x: 1 }],
  [
    'whitespace and newlines between tags',
    'html`\n    <section>\n      <h2>  Title  </h2>\n      <p>\n        one ${v.x} two\n      </p>\n\t  ' +
      '${v.x}  <i>a</i>  <i>b</i>\n    </section>\n  `',
    { x: 1 },
  ],
  ['escapes in text', 'html`<p>a\\nb\\tc \\\\ \\` $ \\${v.x} ${v.x}\\n</p>`', { x: 1 }],
  [
    'entities and special characters stay as written',
    'html`<p title="&quot;q&quot;">&amp; &lt;b&gt; café ✓ \u2028 > \' " /</p>`',
  ],
  ['an empty template', 'html``'],
  ['text only', 'html`just text`'],
  ['one expression only', 'html`${v.x}`', { x: 'y' }],
  ['svg and custom elements', 'html`<svg viewBox="0 0 8 8"><path d="M0 0L8 8"/></svg><my-el x-y="1"></my-el>`'],
  ['a closing tag that names another element', 'html`<div><span>x</div></span>`'],
  [
    'expressions that need parentheses or hold a backtick',
    'html`<p a=${(v.x, v.y)} b=${v.t`t`} c=${/`/.test("`")} d=${{ k: 1 }.k} e=${`${v.x}`}>${v.x ? "a" : "b"} ' +
      '${v.x /* } */}</p>`',
    { x: 1, y: 2, t: (s: string[]) => s[0] },
  ],
];

const same = suite('compiled templates make the calls runtime htm makes');
for (const [what, expr, values = {}] of rows) {
  same(what, async () => {
    const source = moduleOf(expr);
    const compiled = compile(source);
    assert.ok(compiled, 'compiled');
    assert.not.match(compiled!, 'html`', 'every template compiled');
    const atRunTime = await run(source, values);
    const built = await run(compiled!, values);
    assert.equal(built.result, atRunTime.result);
    assert.equal(built.reads, atRunTime.reads, 'each ${} is evaluated once, as in a tagged call');
  });
}
same.run();

const scope = suite('which templates are compiled');
scope('a module whose html is not the tag module is left alone', () => {
  assert.is(compile('const html = (s) => s;\nexport default html`<p/>`;\n'), null);
  assert.is(compile(`import { html } from 'elsewhere';\nexport default html\`<p/>\`;\n`), null);
});
scope('a local binding named html is refused (it could shadow the tag)', () => {
  for (const local of [
    '(html) => html`<p/>`',
    'function f({ html }) {}',
    'class html {}',
    '(() => { try {} catch ([html]) {} })',
  ]) {
    assert.throws(() => compile(moduleOf(local)), /shadows the template tag/, local);
  }
});
scope('the tag imported under another name or as a namespace stops the build', () => {
  for (const header of [
    `import { html as t } from '${TAG}';`,
    `import * as R from '${TAG}';`,
    `import tag from '${TAG}';`,
  ]) {
    assert.throws(() => compile(`${header}\nexport default 1;\n`), /import \{ html \}/, header);
  }
});
scope('the added h import avoids names the module uses', () => {
  const compiled = compile(`${moduleOf('html`<p/>`')}const __htmH = 1;\n`)!;
  assert.match(compiled, 'import { h as __htmH_ }');
  assert.match(compiled, '__htmH_("p", null)');
});
scope('a template error names the file and line', () => {
  assert.throws(
    () => precompileModule(`${moduleOf('1')}\nhtml\`<p>\0</p>\`;\n`, { isTagModule: (s) => s === TAG, where: 'x.js' }),
    /^x\.js:4: /,
  );
});
scope.run();

const sources = suite('client sources');
sources('every client file with html`` compiles', async () => {
  const files = (await readdir(path.join(root, 'client'), { recursive: true })).filter((f) => f.endsWith('.ts'));
  let compiled = 0;
  for (const file of files) {
    const full = path.join(root, 'client', file);
    if (full === tagModule || !(await readFile(full, 'utf8')).includes('html`')) continue;
    const out = await precompileFile(full);
    assert.ok(out, file);
    assert.not.match(out!, 'html`', file);
    compiled++;
  }
  assert.ok(compiled > 40, `${compiled} files`);
});
sources.run();

// A string only htm's template parser holds (its whitespace rule), kept as written by minifiers.
const HTM_PARSER = String.raw`/^\s*\n\s*|\s*\n\s*$/g`;

/** A client bundle as scripts/build.mjs builds it, with the given plugins. */
async function bundle(url: string, plugins: any[] = [htmPrecompile()]) {
  const entry = clientEntries.find((e) => e.url === url)!;
  const result = await build({
    entryPoints: [path.join(root, entry.source)],
    bundle: true,
    format: entry.format ?? 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    write: false,
    plugins,
  });
  return result.outputFiles[0].text;
}

const bundles = suite('bundles');
for (const url of ['/assets/hosted.js', '/assets/admin.js']) {
  bundles(`${url} no longer carries htm's parser`, async () => {
    assert.ok((await bundle(url, [])).includes(HTM_PARSER), 'the marker finds htm when nothing is compiled');
    assert.not.ok((await bundle(url)).includes(HTM_PARSER));
  });
}
bundles('/assets/renderer.js keeps htm only for its public `html` export (docs/renderer.md)', async () => {
  const text = await bundle('/assets/renderer.js');
  assert.ok(text.includes(HTM_PARSER));
  // Minified, a template still parsed at run time would show as a template literal opening on a tag.
  assert.not.match(text, /`\s*</, 'its own templates are compiled');
  assert.match(await bundle('/assets/renderer.js', []), /`\s*</, 'the check finds templates when nothing is compiled');
});
bundles.run();
