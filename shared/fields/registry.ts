// The one list of built-in field types: every layer (definition checks, the engine, displays, exports,
// the renderer and the builder) reads a type's core from here. Adding a type is its module in types/ and
// one line below, plus one in publish-rules.ts when its definition has rules of its own (docs/engine.md
// "Adding a field type").
import type { FieldTypeCore } from './field-type.ts';
import { autocomplete } from './types/autocomplete.ts';
import { checkbox } from './types/checkbox.ts';
import { date } from './types/date.ts';
import { datetime } from './types/datetime.ts';
import { email } from './types/email.ts';
import { file } from './types/file.ts';
import { hidden } from './types/hidden.ts';
import { matrix } from './types/matrix.ts';
import { multiselect } from './types/multiselect.ts';
import { nps } from './types/nps.ts';
import { number } from './types/number.ts';
import { password } from './types/password.ts';
import { phone } from './types/phone.ts';
import { picture } from './types/picture.ts';
import { radio } from './types/radio.ts';
import { ranking } from './types/ranking.ts';
import { rating } from './types/rating.ts';
import { scale } from './types/scale.ts';
import { select } from './types/select.ts';
import { signature } from './types/signature.ts';
import { statement } from './types/statement.ts';
import { switchType } from './types/switch.ts';
import { text } from './types/text.ts';
import { textarea } from './types/textarea.ts';
import { time } from './types/time.ts';
import { url } from './types/url.ts';

/** The built-in field types in the order the reference lists them (spec 2.5, then later waves). */
export const fieldTypeCores = [
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
  // Wave 3 ("Answers that flow"): additive to spec 2.5.
  hidden,
  url,
  // Wave 4 ("Question types"): additive to spec 2.5.
  rating,
  scale,
  nps,
  matrix,
  ranking,
  signature,
  time,
  picture,
  statement,
] as const;

const byName = new Map<string, FieldTypeCore>(fieldTypeCores.map((core) => [core.type, core]));

/** The core of a built-in type, or undefined for a custom type (any other string). */
export const fieldTypeCore = (type: string): FieldTypeCore | undefined => byName.get(type);

/**
 * Adds a core a type's renderer module brought (client/renderer/types/list.ts). Every core is listed here
 * already, so this only matters in the respondents' bundles, which read registry-browser.ts instead.
 */
export function addFieldTypeCore(core: FieldTypeCore): void {
  byName.set(core.type, core);
}
