// Conditions as sentences built from pickers: "[field] [is / is not / is one of / …] [value]", the
// value picked from that field's options where it has any. One list for "all of these" (show) or "any
// of these" (showAny); a definition that has both shows both.
import type { FormDefinition, ShowCondition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import {
  changeOperator,
  conditionSubjects,
  conditionsOf,
  fromSentence,
  hasOptions,
  isBoolean,
  isScore,
  operatorsFor,
  scoreRange,
  setConditions,
  subjectNamed,
  subjectStart,
  toSentence,
  type ConditionPlace,
  type ConditionTarget,
  type Operator,
  type Sentence,
  type Subject,
} from './model/index.ts';
import type { Builder } from './use-builder.ts';

interface Props {
  def: FormDefinition;
  b: Builder;
  target: ConditionTarget;
  place: ConditionPlace;
  /** The field's own key (a field never reads itself). */
  self?: string;
  /** "Show this field", "Show this step", "Go there". */
  what: string;
  problems?: readonly string[];
  readOnly: boolean;
}

const group = (target: ConditionTarget) => `cond:${JSON.stringify(target)}`;

/** The choices a sentence's value is picked from: a field's options, a row's columns, a score's points. */
function choicesOf(subject: Subject | undefined): { value: string | number; label: string }[] {
  const field = subject?.field;
  if (!field) return [];
  if (subject.row) return field.matrix?.columns ?? [];
  if (isScore(field.type)) {
    const { min, max } = scoreRange(field);
    return Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) }));
  }
  return hasOptions(field.type) ? (field.options ?? []) : [];
}

/** The value part of a sentence, fitted to what it reads. */
function ValuePicker({
  s,
  subject,
  label,
  onChange,
}: {
  s: Sentence;
  subject?: Subject;
  label: string;
  onChange: (s: Sentence) => void;
}) {
  if (s.op === 'answered' || s.op === 'notAnswered') return null;
  const field = subject?.row ? undefined : subject?.field;
  const options = choicesOf(subject);
  if (s.op === 'oneOf' || s.op === 'notOneOf') {
    const values = s.values ?? [];
    if (options.length) {
      return html`<fieldset class="b-oneof"><legend class="sr-only">${label}</legend>
        ${options.map(
          (o) => html`<label class="inline"><input type="checkbox" checked=${values.includes(o.value)}
          onChange=${(e: Event) =>
            onChange({
              ...s,
              values: (e.target as HTMLInputElement).checked
                ? [...values, o.value]
                : values.filter((v) => v !== o.value),
            })} /> ${o.label}</label>`,
        )}
      </fieldset>`;
    }
    const numeric = field?.type === 'number' || (field !== undefined && isScore(field.type));
    return html`<input type="text" aria-label=${`${label} (separate with commas)`} placeholder="a, b, c"
      value=${values.join(', ')}
      onInput=${(e: Event) =>
        onChange({
          ...s,
          values: (e.target as HTMLInputElement).value
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== '')
            .map((v) => (numeric && Number.isFinite(Number(v)) ? Number(v) : v)),
        })} />`;
  }
  if (field && isBoolean(field.type)) {
    return html`<select aria-label=${label} value=${String(s.value === true)}
      onChange=${(e: Event) => onChange({ ...s, value: (e.target as HTMLSelectElement).value === 'true' })}>
      <option value="true">checked</option><option value="false">not checked</option></select>`;
  }
  if (options.length) {
    const known = options.some((o) => o.value === s.value);
    // A score's points are numbers: the select's text goes back to one.
    const read = (v: string) => (typeof options[0].value === 'number' && v !== '' ? Number(v) : v);
    return html`<select aria-label=${label} value=${String(s.value ?? '')}
      onChange=${(e: Event) => onChange({ ...s, value: read((e.target as HTMLSelectElement).value) })}>
      ${
        !known &&
        html`<option value=${String(s.value ?? '')}>
          ${s.value === '' || s.value === undefined ? 'Choose…' : String(s.value)}
        </option>`
      }
      ${options.map((o) => html`<option value=${String(o.value)}>${o.label}</option>`)}
    </select>`;
  }
  if (field?.type === 'number') {
    return html`<input type="number" step="any" aria-label=${label} value=${typeof s.value === 'number' ? s.value : ''}
      onInput=${(e: Event) => {
        const v = (e.target as HTMLInputElement).value;
        if (v !== '' && Number.isFinite(Number(v))) onChange({ ...s, value: Number(v) });
      }} />`;
  }
  const form = field?.type === 'time' ? 'HH:MM' : field?.type === 'date' ? 'YYYY-MM-DD' : undefined;
  return html`<input type="text" aria-label=${form ? `${label} (${form})` : label} placeholder=${form}
    value=${String(s.value ?? '')}
    onInput=${(e: Event) => onChange({ ...s, value: (e.target as HTMLInputElement).value })} />`;
}

/** One list of sentences (`show` or `showAny`) with add and remove. */
function SentenceList({
  def,
  b,
  target,
  list,
  conditions,
  readable,
  name,
  readOnly,
}: Pick<Props, 'def' | 'b' | 'target' | 'readOnly'> & {
  list: 'show' | 'showAny';
  conditions: ShowCondition[];
  readable: Subject[];
  name: string;
}) {
  const write = (next: ShowCondition[]) => b.edit((d) => setConditions(d, target, list, next), group(target));
  return html`<ul class="b-sentences">
    ${conditions.map((c, i) => {
      const s = toSentence(c);
      const subject = subjectNamed(def, s.field);
      const label = `${name} ${i + 1}`;
      const set = (next: Sentence) => write(conditions.map((x, j) => (j === i ? fromSentence(next) : x)));
      const ops = operatorsFor(subject?.field, subject?.row);
      const shownOps = ops.some((o) => o.op === s.op) ? ops : operatorsFor(undefined);
      return html`<li class="b-sentence">
        ${i > 0 && html`<span class="muted">${list === 'show' ? 'and' : 'or'}</span>`}
        <select aria-label=${`${label}: field`} value=${s.field} onChange=${(e: Event) => {
          const next = readable.find((x) => x.name === (e.target as HTMLSelectElement).value);
          if (next) set(subjectStart(next));
        }}>
          ${
            !readable.some((x) => x.name === s.field) &&
            html`<option value=${s.field}>
              ${subject ? subject.label : s.field === '' ? 'Choose a question…' : `${s.field} (no such field here)`}
            </option>`
          }
          ${readable.map((x) => html`<option value=${x.name}>${x.label}</option>`)}
        </select>
        <select aria-label=${`${label}: test`} value=${s.op}
          onChange=${(e: Event) => set(changeOperator(s, (e.target as HTMLSelectElement).value as Operator))}>
          ${shownOps.map((o) => html`<option value=${o.op}>${o.text}</option>`)}
        </select>
        <${ValuePicker} s=${s} subject=${subject} label=${`${label}: value`} onChange=${set} />
        ${
          !readOnly &&
          html`<button type="button" class="icon" aria-label=${`Remove ${label}`} title="Remove"
            onClick=${() => write(conditions.filter((_, j) => j !== i))}>✕</button>`
        }
      </li>`;
    })}
  </ul>`;
}

/** "Show this field: always / when all of these / when any of these", with the sentences. */
export function ConditionsEditor({ def, b, target, place, self, what, problems, readOnly }: Props) {
  const { show = [], showAny = [] } = conditionsOf(def, target);
  const readable = conditionSubjects(def, place, self);
  const both = show.length > 0 && showAny.length > 0;
  const mode = showAny.length > 0 && show.length === 0 ? 'any' : show.length > 0 ? 'all' : 'always';
  const setMode = (m: string) => {
    const all = [...show, ...showAny];
    const first = readable[readable.length - 1];
    const start = all.length ? all : first ? [fromSentence(subjectStart(first))] : [];
    b.edit((d) => {
      let next = setConditions(d, target, 'show', m === 'all' ? start : []);
      next = setConditions(next, target, 'showAny', m === 'any' ? start : []);
      return next;
    });
  };
  const add = (list: 'show' | 'showAny', current: ShowCondition[]) => {
    const f = readable[readable.length - 1];
    if (f) b.edit((d) => setConditions(d, target, list, [...current, fromSentence(subjectStart(f))]));
  };
  const noFields = readable.length === 0 && mode === 'always';
  const noFieldsNote =
    place.kind === 'step'
      ? 'Conditions can read fields of earlier steps; this step has none before it.'
      : 'Add another field before this one to make it depend on an answer.';
  const addCondition = () => (showAny.length > 0 && show.length === 0 ? add('showAny', showAny) : add('show', show));
  return html`<fieldset class="b-conds">
    <legend>${what}</legend>
    ${
      noFields
        ? html`<p class="muted small">Always. ${noFieldsNote}</p>`
        : both
          ? html`<p class="small">when all of these are true</p>`
          : html`<select aria-label=${`${what}: when`} value=${mode}
            onChange=${(e: Event) => setMode((e.target as HTMLSelectElement).value)}>
            <option value="always">${place.kind === 'any' ? 'never' : 'always'}</option>
            <option value="all">when all of these are true</option>
            ${place.kind !== 'any' && html`<option value="any">when any of these is true</option>`}
          </select>`
    }
    ${
      show.length > 0 &&
      html`<${SentenceList} def=${def} b=${b} target=${target} list="show" conditions=${show} readable=${readable}
        name=${`${what}, condition`} readOnly=${readOnly} />`
    }
    ${both && html`<p class="small">and at least one of these</p>`}
    ${
      showAny.length > 0 &&
      html`<${SentenceList} def=${def} b=${b} target=${target} list="showAny" conditions=${showAny}
        readable=${readable} name=${`${what}, ${both ? 'alternative' : 'condition'}`} readOnly=${readOnly} />`
    }
    ${
      !readOnly &&
      mode !== 'always' &&
      readable.length > 0 &&
      html`<button type="button" class="secondary small" onClick=${addCondition}>+ Add condition</button>`
    }
    ${problems?.length ? html`<p class="field-problem">${problems.join('; ')}</p>` : null}
  </fieldset>`;
}
