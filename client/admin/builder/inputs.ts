// Labelled controls of the builder's settings: each has a visible label, its problems under it (tied
// with aria-describedby) and reports every keystroke, so the preview follows as one types.
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { InsertAnswer, type PipeSpot } from './insert-answer.ts';
import { MarkdownPreview, MarkdownTools, markKeys } from './markdown-tools.ts';

interface Common {
  label: string;
  problems?: readonly string[];
  hint?: string;
  id?: string;
  /** Offer "Insert answer" beside the control (texts that may pipe `{{key}}`). */
  pipe?: PipeSpot;
}

/** The hint and problems under a control, with the id list for aria-describedby. */
function useNotes(p: Common) {
  const base = `b${useId().replace(/[^\w-]/g, '')}`;
  const id = p.id ?? base;
  const hintId = p.hint ? `${base}-hint` : undefined;
  const problemId = p.problems?.length ? `${base}-problem` : undefined;
  const notes = html`${p.hint ? html`<p class="hint" id=${hintId}>${p.hint}</p>` : null}
    ${problemId ? html`<p class="field-problem" id=${problemId}>${p.problems!.join('; ')}</p>` : null}`;
  return {
    id,
    notes,
    describedBy: [hintId, problemId].filter(Boolean).join(' ') || undefined,
    invalid: problemId ? 'true' : undefined,
  };
}

/** The "Insert answer" menu of a control that pipes, named after the control's label. */
function pipeMenu(p: Common & { value: string | undefined; onInput: (v: string) => void }, id: string) {
  if (!p.pipe) return null;
  return html`<span class="sr-only" id=${`${id}-for`}>into ${p.label}</span>
    <${InsertAnswer} spot=${p.pipe} inputId=${id} value=${p.value ?? ''} onInput=${p.onInput}
      describedBy=${`${id}-for`} />`;
}

/** A one-line text input. */
export function TextInput(
  p: Common & {
    value: string | undefined;
    onInput: (v: string) => void;
    placeholder?: string;
    mono?: boolean;
    inputRef?: unknown;
  },
) {
  const n = useNotes(p);
  return html`<div class="b-control">
    <label for=${n.id}>${p.label}</label>
    <div class=${p.pipe ? 'b-piped' : 'b-plain'}>
      <input id=${n.id} ref=${p.inputRef} type="text" class=${p.mono ? 'mono' : ''} value=${p.value ?? ''}
        placeholder=${p.placeholder} aria-describedby=${n.describedBy} aria-invalid=${n.invalid}
        onInput=${(e: Event) => p.onInput((e.target as HTMLInputElement).value)} />
      ${pipeMenu(p, n.id)}
    </div>
    ${n.notes}
  </div>`;
}

/** A multi-line text input; `markdown` adds the Markdown buttons above it and the preview below it. */
export function TextArea(
  p: Common & { value: string | undefined; onInput: (v: string) => void; rows?: number; markdown?: boolean },
) {
  const n = useNotes(p);
  return html`<div class="b-control">
    <label for=${n.id}>${p.label}</label>
    ${
      p.markdown &&
      html`<${MarkdownTools} inputId=${n.id} label=${p.label} value=${p.value ?? ''} onInput=${p.onInput} />`
    }
    <div class=${p.pipe ? 'b-piped' : 'b-plain'}>
      <textarea id=${n.id} rows=${p.rows ?? 2} value=${p.value ?? ''}
        aria-describedby=${n.describedBy} aria-invalid=${n.invalid}
        onKeyDown=${p.markdown ? markKeys(n.id, p.value ?? '', p.onInput) : undefined}
        onInput=${(e: Event) => p.onInput((e.target as HTMLTextAreaElement).value)}></textarea>
      ${pipeMenu(p, n.id)}
    </div>
    ${n.notes}
    ${p.markdown && html`<${MarkdownPreview} text=${p.value} label=${p.label} />`}
  </div>`;
}

/** A number input; empty means "not set" (undefined). */
export function NumberInput(
  p: Common & { value: number | undefined; onInput: (v: number | undefined) => void; min?: number; step?: string },
) {
  const n = useNotes(p);
  const change = (e: Event) => {
    const raw = (e.target as HTMLInputElement).value;
    const num = raw.trim() === '' ? undefined : Number(raw);
    if (num === undefined || Number.isFinite(num)) p.onInput(num);
  };
  return html`<div class="b-control">
    <label for=${n.id}>${p.label}</label>
    <input id=${n.id} type="number" min=${p.min} step=${p.step ?? 'any'} value=${p.value ?? ''}
      aria-describedby=${n.describedBy} aria-invalid=${n.invalid} onInput=${change} />
    ${n.notes}
  </div>`;
}

/** A dropdown of `[value, text]` choices. */
export function Select(
  p: Common & { value: string; choices: readonly (readonly [string, string])[]; onChange: (v: string) => void },
) {
  const n = useNotes(p);
  return html`<div class="b-control">
    <label for=${n.id}>${p.label}</label>
    <select id=${n.id} value=${p.value} aria-describedby=${n.describedBy} aria-invalid=${n.invalid}
      onChange=${(e: Event) => p.onChange((e.target as HTMLSelectElement).value)}>
      ${p.choices.map(([v, t]) => html`<option value=${v}>${t}</option>`)}
    </select>
    ${n.notes}
  </div>`;
}

/** A checkbox with its label after it. */
export function Check(p: Common & { checked: boolean; onChange: (v: boolean) => void; children?: ComponentChildren }) {
  const n = useNotes(p);
  return html`<div class="b-control b-check">
    <input id=${n.id} type="checkbox" checked=${p.checked} aria-describedby=${n.describedBy}
      onChange=${(e: Event) => p.onChange((e.target as HTMLInputElement).checked)} />
    <label for=${n.id}>${p.label}</label>
    ${n.notes}
  </div>`;
}
