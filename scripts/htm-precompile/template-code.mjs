// Writes one htm template as the h() calls runtime htm would make for it. htm itself reads the
// template, bound to an `h` that returns code instead of elements, so whitespace, comments, `<//>`,
// attribute concatenation and multiple roots follow htm's own rules rather than a copy of them.
//
// Two differences from run time, both invisible to Preact: every h() call makes a new vnode (runtime
// htm reuses the vnodes of static subtrees), and each `${}` is evaluated where its value is used
// rather than all before the first h() call, as JSX does.
import htm from 'htm';

// Marks a `${}` inside a string htm built by concatenation (`class="a ${b}"`); templates that contain
// this character are refused, so a mark can never be mistaken for template text.
const MARK = '\u0000';

/** Stands for the `${}` number `index` while htm runs; `+` with a string leaves a mark in it. */
class Slot {
  constructor(index) {
    this.index = index;
  }
  [Symbol.toPrimitive]() {
    return `${MARK}${this.index}${MARK}`;
  }
}

/** An h() call, already written as code. */
class Code {
  constructor(text) {
    this.text = text;
  }
}

// The props objects that went through a spread, each with its writes in order (see recordSpread).
const spreadLogs = new WeakMap();
// The template being written; htm caches per bound h, so one codeH serves every template.
let current = null;

/** htm's `...${x}`: returns a props object that records later writes, so the spread keeps its place. */
function recordSpread(target, slot) {
  let log = spreadLogs.get(target);
  if (!log) {
    const props = {};
    log = Object.entries(target).map(([key, value]) => ({ key, value }));
    target = new Proxy(props, {
      set(object, key, value) {
        log.push({ key, value });
        object[key] = value;
        return true;
      },
    });
    spreadLogs.set(target, log);
  }
  log.push({ spread: slot });
  return target;
}

/** Code for one value htm handed to h: a tag, a prop value, a child or the template's result. */
function valueCode(value) {
  if (value instanceof Code) return value.text;
  if (value instanceof Slot) return slotCode(value.index);
  if (typeof value === 'string') return value.includes(MARK) ? joinedCode(value) : JSON.stringify(value);
  if (value === true) return 'true';
  if (value === undefined) return 'void 0';
  throw new Error(`htm-precompile: unexpected ${typeof value} in a template`);
}

function slotCode(index) {
  current.used.add(index);
  return `(${current.exprs[index]})`;
}

/** Code for `a="x${y}z"`: htm starts from the first piece and appends each next one as `+= v + ''`. */
function joinedCode(marked) {
  // split() puts the text between marks at even positions and the slot numbers at odd ones.
  const pieces = marked
    .split(MARK)
    .flatMap((text, k) => (k % 2 ? [{ slot: slotCode(Number(text)) }] : text ? [{ text: JSON.stringify(text) }] : []));
  // The first piece is used as it is (`${n}px` is n + "px"), every later slot as `v + ''`.
  const [first, ...rest] = pieces;
  if (!rest.length) return `(${first.slot} + "")`;
  return [first.slot ?? first.text, ...rest.map((p) => p.text ?? `(${p.slot} + "")`)].join(' + ');
}

/** Code for h's props: in order, with spreads where htm applied them (later writes win). */
function propsCode(props) {
  if (props === null) return 'null';
  const log = spreadLogs.get(props) ?? Object.entries(props).map(([key, value]) => ({ key, value }));
  const parts = [];
  let segment = new Map();
  const flush = () => {
    for (const [key, value] of segment) parts.push(`${JSON.stringify(key)}: ${valueCode(value)}`);
    segment = new Map();
  };
  for (const entry of log) {
    if (entry.spread) {
      flush();
      parts.push(`...${valueCode(entry.spread)}`);
    } else segment.set(entry.key, entry.value);
  }
  flush();
  return `{ ${parts.join(', ')} }`;
}

function codeH(tag, props, ...children) {
  const args = [valueCode(tag), propsCode(props), ...children.map(valueCode)];
  return new Code(`${current.hName}(${args.join(', ')})`);
}

const bound = htm.bind(codeH);

// Multiple roots give an array literal and an empty template `void 0`, as htm returns them.
/** The code of the value `htm.bind(hName)` makes of a template (`exprs`: the source of each `${}`). */
export function templateCode({ cooked, raw, exprs, hName }) {
  if (cooked.some((s) => s === undefined || s === null))
    throw new Error('htm-precompile: a template has an invalid escape sequence');
  if (cooked.some((s) => s.includes(MARK))) throw new Error('htm-precompile: a template holds a NUL character');
  const strings = Object.freeze(Object.assign([...cooked], { raw: Object.freeze([...raw]) }));
  const slots = exprs.map((_, i) => new Slot(i));
  current = { exprs, hName, used: new Set() };
  // htm applies a spread with Object.assign; while it runs, a spread of a slot is recorded instead.
  const assign = Object.assign;
  Object.assign = (target, ...sources) =>
    sources[0] instanceof Slot ? recordSpread(target, sources[0]) : assign(target, ...sources);
  try {
    const result = bound(strings, ...slots);
    const code = Array.isArray(result) ? `[${result.map(valueCode).join(', ')}]` : valueCode(result);
    // `${}`s htm drops (in comments, closing tags) are still evaluated, as in a tagged call.
    const dropped = exprs.flatMap((_, i) => (current.used.has(i) ? [] : [slotCode(i)]));
    return dropped.length ? `(${[...dropped, code].join(', ')})` : code;
  } finally {
    Object.assign = assign;
    current = null;
  }
}
