// The field type registry as the respondents' bundles have it (hosted.js, renderer.js and their on-demand
// modules: scripts/client-entries.mjs builds them with this file in place of registry.ts). It holds the
// cores of the types any form may use; a type with a renderer module of its own (client/renderer/types/
// list.ts) brings its core with that module, which adds it here before the form's first render, so a form
// without such types carries none of their rules. The server, the panel and dist/engine.mjs read
// registry.ts, with every core.
import type { FieldTypeCore } from './field-type.ts';
import { autocomplete } from './types/autocomplete.ts';
import { checkbox } from './types/checkbox.ts';
import { date } from './types/date.ts';
import { datetime } from './types/datetime.ts';
import { email } from './types/email.ts';
import { file } from './types/file.ts';
import { hidden } from './types/hidden.ts';
import { multiselect } from './types/multiselect.ts';
import { number } from './types/number.ts';
import { password } from './types/password.ts';
import { phone } from './types/phone.ts';
import { picture } from './types/picture.ts';
import { radio } from './types/radio.ts';
import { select } from './types/select.ts';
import { statement } from './types/statement.ts';
import { switchType } from './types/switch.ts';
import { text } from './types/text.ts';
import { textarea } from './types/textarea.ts';
import { time } from './types/time.ts';
import { url } from './types/url.ts';

const here: readonly FieldTypeCore[] = [
  text,
  email,
  phone,
  number,
  password,
  select,
  autocomplete,
  multiselect,
  checkbox,
  radio,
  switchType,
  file,
  date,
  datetime,
  textarea,
  hidden,
  url,
  time,
  picture,
  statement,
];

/**
 * The types whose core arrives with their module, with the tags shared/definition/field-types.ts reads
 * when this file loads (test/shared/fields/registry-browser.test.ts holds them to registry.ts's).
 */
const later: readonly Pick<FieldTypeCore, 'type' | 'options'>[] = [
  { type: 'rating' },
  { type: 'scale' },
  { type: 'nps' },
  { type: 'matrix' },
  { type: 'ranking', options: true },
  { type: 'signature' },
];

/** Every built-in type's name and `options` tag; the cores of `later` ones only once added. */
export const fieldTypeCores: readonly Pick<FieldTypeCore, 'type' | 'options'>[] = [...here, ...later];

const byName = new Map<string, FieldTypeCore>(here.map((core) => [core.type, core]));

/** The core of a built-in type here, or undefined for a custom type or one whose module has not arrived. */
export const fieldTypeCore = (type: string): FieldTypeCore | undefined => byName.get(type);

/** Adds the core a type's module brought (client/renderer/types/list.ts), before the form renders. */
export function addFieldTypeCore(core: FieldTypeCore): void {
  byName.set(core.type, core);
}
