// The default value of a field, picked the way the field is answered: an option, a date, checked or
// not, a number, or text.
import type { FormField } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { hasOptions, isBoolean, isScore, scoreRange } from './model/index.ts';
import { NumberInput, Select, TextInput } from './inputs.ts';

/** `onChange(undefined)` removes the default. */
export function DefaultEditor({
  field,
  onChange,
  problems,
}: {
  field: FormField;
  onChange: (v: unknown, group?: string) => void;
  problems: readonly string[];
}) {
  const v = field.defaultValue;
  const label = 'Default answer';
  const g = `def:${field.key}`;
  // A file, a drawn signature, a ranking's order and a grid of answers are the person's own to give.
  if (['file', 'signature', 'ranking', 'matrix'].includes(field.type)) return null;
  if (isScore(field.type)) {
    const { min, max } = scoreRange(field);
    const points = Array.from({ length: max - min + 1 }, (_, i) => [String(min + i), String(min + i)] as const);
    return html`<${Select} label=${label} value=${typeof v === 'number' ? String(v) : ''} problems=${problems}
      choices=${[['', 'None'], ...points]} onChange=${(x: string) => onChange(x === '' ? undefined : Number(x))} />`;
  }
  if (field.type === 'multiselect') {
    const chosen = Array.isArray(v) ? v : [];
    return html`<fieldset class="b-oneof"><legend>${label}</legend>
      ${(field.options ?? []).map(
        (o) => html`<label class="inline"><input type="checkbox" checked=${chosen.includes(o.value)}
        onChange=${(e: Event) => {
          const next = (e.target as HTMLInputElement).checked
            ? [...chosen, o.value]
            : chosen.filter((x) => x !== o.value);
          onChange(next.length ? next : undefined);
        }} /> ${o.label}</label>`,
      )}
      ${problems.length > 0 && html`<p class="field-problem">${problems.join('; ')}</p>`}
    </fieldset>`;
  }
  if (hasOptions(field.type) && field.options?.length) {
    const known = v === undefined || field.options.some((o) => o.value === v);
    const choices = [
      ['', 'None'],
      ...(known ? [] : [[String(v), `${String(v)} (not an option)`] as const]),
      ...field.options.map((o) => [o.value, o.label] as const),
    ];
    return html`<${Select} label=${label} value=${v === undefined ? '' : String(v)} problems=${problems}
      choices=${choices}
      onChange=${(x: string) => onChange(x === '' ? undefined : x)} />`;
  }
  if (isBoolean(field.type)) {
    return html`<${Select} label=${label} value=${v === true ? 'true' : v === false ? 'false' : ''} problems=${problems}
      choices=${[['', 'None'], ['true', 'Checked'], ['false', 'Not checked']]}
      onChange=${(x: string) => onChange(x === '' ? undefined : x === 'true')} />`;
  }
  if (field.type === 'number') {
    return html`<${NumberInput} label=${label} value=${typeof v === 'number' ? v : undefined} problems=${problems}
      onInput=${(n?: number) => onChange(n, g)} />`;
  }
  const forms: Record<string, string> = {
    date: 'As YYYY-MM-DD',
    datetime: 'As YYYY-MM-DDTHH:MM',
    time: 'As HH:MM, 24-hour',
  };
  const hint = Object.hasOwn(forms, field.type) ? forms[field.type] : undefined;
  const text = v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  return html`<${TextInput} label=${label} hint=${hint} value=${text} problems=${problems}
    onInput=${(t: string) => onChange(t === '' ? undefined : t, g)} />`;
}
