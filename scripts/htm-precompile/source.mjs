// Finds the html`...` templates of a JavaScript module with acorn and replaces each with its h()
// calls. A parser, not a scanner: regex literals, comments and strings holding a backtick, and
// templates nested in `${}`, are read as JavaScript reads them.
import { parse } from 'acorn';
import { templateCode } from './template-code.mjs';

/** Every node under `node`, parents before children. */
function* nodes(node) {
  yield node;
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child.type === 'string') yield* nodes(child);
    }
  }
}

/** How often the identifier `html` is read outside import declarations (each template's tag is one). */
function countHtmlUses(ast) {
  let n = 0;
  for (const statement of ast.body) {
    if (statement.type === 'ImportDeclaration') continue;
    for (const node of nodes(statement)) if (node.type === 'Identifier' && node.name === 'html') n++;
  }
  return n;
}

/** Names a destructuring pattern (or plain identifier) declares. */
function patternNames(pattern) {
  if (!pattern) return [];
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => patternNames(p.type === 'RestElement' ? p.argument : p.value));
    case 'ArrayPattern':
      return pattern.elements.flatMap(patternNames);
    case 'RestElement':
      return patternNames(pattern.argument);
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    default:
      return [];
  }
}

/** Names a node declares in its scope (imports excluded). */
function declaredNames(node) {
  switch (node.type) {
    case 'VariableDeclarator':
      return patternNames(node.id);
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return [...patternNames(node.id), ...node.params.flatMap(patternNames)];
    case 'ClassDeclaration':
    case 'ClassExpression':
      return patternNames(node.id);
    case 'CatchClause':
      return patternNames(node.param);
    default:
      return [];
  }
}

// Ours: `html` imported from a module isTagModule(specifier) accepts. Acorn gives no scopes, so any
// other binding named `html` is refused rather than risk compiling a template it tags.
/** Replaces every html`...` of an ES module with h() calls; null when the module has none of ours. */
export function precompileModule(code, { isTagModule, hFrom = 'preact', where = 'module' }) {
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  const tagImports = ast.body.filter((s) => s.type === 'ImportDeclaration' && isTagModule(s.source.value));
  // Only `import { html }` is compiled; another name or a namespace would leave its templates to run
  // time without a word, so it stops the build instead.
  for (const sp of tagImports.flatMap((s) => s.specifiers)) {
    if (sp.type !== 'ImportSpecifier' || sp.imported.name !== 'html' || sp.local.name !== 'html') {
      throw new Error(`${where}: import the template tag as \`import { html }\` so its templates can be compiled`);
    }
  }
  if (!tagImports.some((s) => s.specifiers.length > 0)) return null;

  const templates = [];
  const names = new Set();
  for (const node of nodes(ast)) {
    if (node.type === 'Identifier') names.add(node.name);
    if (declaredNames(node).includes('html'))
      throw new Error(`${where}: a local \`html\` shadows the template tag; rename it`);
    if (node.type === 'TaggedTemplateExpression' && node.tag.type === 'Identifier' && node.tag.name === 'html')
      templates.push(node);
  }
  if (!templates.length) return null;
  // With `h` from elsewhere (an on-demand module's parts) the tag's import goes too: kept, it would bring
  // the tag module's Preact into a bundle that must not carry one. Nothing else may read `html` there.
  const dropped = hFrom === 'preact' ? [] : tagImports;
  if (dropped.length && countHtmlUses(ast) > templates.length)
    throw new Error(`${where}: \`html\` is used other than as a template tag; an on-demand module cannot keep it`);
  templates.push(...dropped);
  templates.sort((a, b) => a.start - b.start);

  let hName = '__htmH';
  while (names.has(hName)) hName += '_';

  /** `code` from `start` to `end` with its outermost templates compiled (inner ones by recursion). */
  const rewrite = (start, end) => {
    let out = '';
    let at = start;
    for (const t of templates) {
      if (t.start < at || t.end > end) continue;
      out += code.slice(at, t.start) + compile(t);
      at = t.end;
    }
    return out + code.slice(at, end);
  };
  const compile = (t) => {
    if (t.type === 'ImportDeclaration') return '';
    const { quasis, expressions } = t.quasi;
    try {
      return templateCode({
        cooked: quasis.map((q) => q.value.cooked),
        raw: quasis.map((q) => q.value.raw),
        exprs: expressions.map((e) => rewrite(e.start, e.end)),
        hName,
      });
    } catch (error) {
      throw new Error(`${where}:${t.loc.start.line}: ${error.message}`, { cause: error });
    }
  };
  // The import goes after the directive prologue (esbuild writes "use strict" for a strict tsconfig).
  const at = ast.body.find((s) => !s.directive)?.start ?? code.length;
  return `${code.slice(0, at)}import { h as ${hName} } from ${JSON.stringify(hFrom)};\n${rewrite(at, code.length)}`;
}
