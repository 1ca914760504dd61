// Settings › Email rules: `notify_rules`, up to 10 rules that also mail an address when an answer matches
// ("when Topic is Support, email support@example.com"). One condition a rule is edited here; a rule given more
// through the API keeps the others, and says so.
import { NOTIFY_RULES_MAX } from '../../../shared/api/limits.ts';
import { html } from '../../renderer/html.ts';
import { Section } from '../common/section.ts';
import { OffNote } from '../encryption/off-notes.ts';
import type { Settings } from '../types.ts';
import { FieldProblems, type SettingsPartProps } from './settings-part.ts';

type Rule = Settings['notify_rules'][number];
type Condition = Rule['when'][number];
type Field = { key: string; type: string; label: string };

/** The operators the panel offers, in the words it shows. */
const OPERATORS = [
  ['eq', 'is'],
  ['neq', 'is not'],
  ['lte', 'is at most'],
  ['gte', 'is at least'],
  ['notEmpty', 'is answered'],
] as const;
type Operator = (typeof OPERATORS)[number][0];

/** Field types whose answers are numbers: what is typed is compared as a number. */
const NUMERIC = new Set(['number', 'rating', 'scale', 'nps', 'slider']);

const operatorOf = (c: Condition): Operator =>
  OPERATORS.find(([op]) => (c as Record<string, unknown>)[op] !== undefined)?.[0] ?? 'eq';

/** The condition the controls say: a number for a numeric field, else the text as typed. */
function condition(fields: Field[], field: string, op: Operator, text: string): Condition {
  if (op === 'notEmpty') return { field, notEmpty: true };
  const numeric = NUMERIC.has(fields.find((f) => f.key === field)?.type ?? '');
  const value = numeric && text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
  return { field, [op]: value } as Condition;
}

const intro =
  'Email someone else too when an answer matches, like “when Topic is Support, email support@…”. They get the ' +
  'same email as “Email me when someone responds”, at most one a minute.';

/** The email rules part of the settings tab; `fields` are the current version's fields. */
export function NotifyRulesSetting({
  draft,
  set,
  problemsOf,
  disabled,
  fields,
}: SettingsPartProps & { fields: Field[] }) {
  const rules = draft.notify_rules;
  const full = rules.length >= NOTIFY_RULES_MAX;
  const change = (i: number, rule: Rule) =>
    set(
      'notify_rules',
      rules.map((r, j) => (j === i ? rule : r)),
    );
  const first = (rule: Rule): Condition => rule.when[0] ?? { field: fields[0]?.key ?? '', eq: '' };
  const setCondition = (i: number, part: { field?: string; op?: Operator; text?: string }) => {
    const c = first(rules[i]);
    const op = part.op ?? operatorOf(c);
    const text = part.text ?? String((c as Record<string, unknown>)[operatorOf(c)] ?? '');
    change(i, { ...rules[i], when: [condition(fields, part.field ?? c.field, op, text), ...rules[i].when.slice(1)] });
  };
  const add = () =>
    set('notify_rules', [...rules, { when: [{ field: fields[0]?.key ?? '', eq: '' } as Condition], email: '' }]);
  return html`<${Section} title="Email rules">
    <fieldset disabled=${disabled}>
      <p class="muted small">${intro}</p>
      ${draft.encryption && html`<${OffNote} what="rules" />`}
      ${rules.map((rule, i) => {
        const c = first(rule);
        const op = operatorOf(c);
        return html`<fieldset class="notify-rule">
          <legend>Rule ${i + 1}</legend>
          <div class="row">
            <label class="inline">When <select id=${`rule-${i}-field`} value=${c.field}
              onChange=${(e: Event) => setCondition(i, { field: (e.target as HTMLSelectElement).value })}>
              ${fields.map((f) => html`<option value=${f.key}>${f.label || f.key}</option>`)}
            </select></label>
            <select id=${`rule-${i}-op`} aria-label=${`Rule ${i + 1}: how it compares`} value=${op}
              onChange=${(e: Event) => setCondition(i, { op: (e.target as HTMLSelectElement).value as Operator })}>
              ${OPERATORS.map(([value, words]) => html`<option value=${value}>${words}</option>`)}
            </select>
            ${
              op !== 'notEmpty' &&
              html`<input id=${`rule-${i}-value`} type="text" aria-label=${`Rule ${i + 1}: value`}
                value=${String((c as Record<string, unknown>)[op] ?? '')}
                onInput=${(e: Event) => setCondition(i, { text: (e.target as HTMLInputElement).value })} />`
            }
          </div>
          ${
            rule.when.length > 1 &&
            html`<p class="muted small">and ${rule.when.length - 1} more conditions set through the API (kept).</p>`
          }
          <div class="row">
            <label class="inline">Email <input id=${`rule-${i}-email`} type="email" autocomplete="off"
              value=${rule.email}
              onInput=${(e: Event) => change(i, { ...rule, email: (e.target as HTMLInputElement).value })} /></label>
            <button type="button" class="secondary"
              onClick=${() =>
                set(
                  'notify_rules',
                  rules.filter((_, j) => j !== i),
                )}>Remove rule ${i + 1}</button>
          </div>
        </fieldset>`;
      })}
      <button type="button" class="secondary add-rule" disabled=${full || fields.length === 0}
        onClick=${add}>Add a rule</button>
      ${full && html`<p class="muted small">A form has at most ${NOTIFY_RULES_MAX} rules.</p>`}
      <${FieldProblems} field="notify_rules" problems=${problemsOf('notify_rules')} />
    </fieldset>
  <//>`;
}
