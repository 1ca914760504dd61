// The form's outline: the fields in order (in their steps), each with its type icon and label, Move
// up/Move down buttons beside drag and drop, and the way to add fields and steps.
import { useRef } from 'preact/hooks';
import type { FormDefinition, FormField } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import {
  addStep,
  allFields,
  fieldList,
  isMultiStep,
  moveField,
  moveFieldTo,
  moveFieldToStep,
  moveStep,
  moveStepTo,
  typeInfo,
  type FieldAt,
  type PlacedProblem,
} from './model/index.ts';
import { keepFocus, SELECTED_IN_OUTLINE } from './focus.ts';
import type { Selection } from './selection.ts';
import { TypePicker } from './type-picker.ts';
import type { Builder } from './use-builder.ts';

interface Props {
  def: FormDefinition;
  b: Builder;
  sel: Selection;
  select: (s: Selection) => void;
  onAdd: (type: string) => void;
  problems: readonly PlacedProblem[];
  readOnly: boolean;
}

type Dragged = { kind: 'field'; at: FieldAt } | { kind: 'step'; step: number };

const same = (a: FieldAt, b: FieldAt) => a.step === b.step && a.index === b.index;

/** The outline. */
export function Outline({ def, b, sel, select, onAdd, problems, readOnly }: Props) {
  const dragged = useRef<Dragged | undefined>(undefined);
  const multi = isMultiStep(def);
  const keyCount = new Map<string, number>();
  for (const { field } of allFields(def)) keyCount.set(field.key, (keyCount.get(field.key) ?? 0) + 1);

  // The pressed Move button keeps the focus; a field moved into another step gets a new one, found by its label.
  const moveAgain = () => `[aria-label="${CSS.escape(document.activeElement?.getAttribute('aria-label') ?? '')}"]`;
  const moveF = (at: FieldAt, delta: -1 | 1) => {
    keepFocus(moveAgain(), SELECTED_IN_OUTLINE);
    const r = moveField(def, at, delta);
    b.edit(() => r.definition);
    select({ kind: 'field', at: r.at });
  };
  const moveS = (step: number, delta: -1 | 1) => {
    keepFocus(moveAgain(), SELECTED_IN_OUTLINE);
    const r = moveStep(def, step, delta);
    b.edit(() => r.definition);
    select({ kind: 'step', step: r.index });
  };
  const dropOnField = (to: FieldAt) => {
    const d = dragged.current;
    dragged.current = undefined;
    if (d?.kind !== 'field' || same(d.at, to)) return;
    const r = moveFieldTo(def, d.at, to);
    b.edit(() => r.definition);
    select({ kind: 'field', at: r.at });
  };
  const dropOnStep = (step: number) => {
    const d = dragged.current;
    dragged.current = undefined;
    if (!d) return;
    if (d.kind === 'field') {
      const r = moveFieldToStep(def, d.at, step);
      b.edit(() => r.definition);
      select({ kind: 'field', at: r.at });
    } else {
      const r = moveStepTo(def, d.step, step);
      b.edit(() => r.definition);
      select({ kind: 'step', step: r.index });
    }
  };
  const drag = (d: Dragged) => (e: DragEvent) => {
    dragged.current = d;
    e.dataTransfer?.setData('text/plain', d.kind);
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
  };
  const allow = (e: DragEvent) => {
    if (!readOnly && dragged.current) e.preventDefault();
  };

  const fieldItem = (field: FormField, at: FieldAt, count: number) => {
    const selected = sel.kind === 'field' && same(sel.at, at);
    const bad = problems.some((p) => p.field && same(p.field, at));
    const info = typeInfo(field.type);
    const name = field.label || field.key;
    const first = at.index === 0 && at.step <= 0;
    const last = at.index === count - 1 && (at.step < 0 || at.step === def.steps!.length - 1);
    const key = (keyCount.get(field.key) ?? 0) > 1 ? `${at.step}.${at.index}` : field.key;
    const drop = (e: DragEvent) => {
      e.preventDefault();
      dropOnField(at);
    };
    return html`<li key=${key} class=${`b-item${selected ? ' selected' : ''}`}
      draggable=${!readOnly} onDragStart=${drag({ kind: 'field', at })} onDragOver=${allow} onDrop=${drop}>
      <button type="button" class="b-select" aria-current=${selected ? 'true' : undefined}
        onClick=${() => select({ kind: 'field', at })}>
        <span class="b-icon" aria-hidden="true">${info.icon}</span>
        <span class="b-name">${name}<span class="sr-only">, ${info.name}</span></span>
        ${bad && html`<span class="b-flag" title="Has problems">!<span class="sr-only"> has problems</span></span>`}
      </button>
      ${
        !readOnly &&
        html`<span class="b-moves">
        <button type="button" class="icon" aria-label=${`Move ${name} up`} title="Move up" disabled=${first}
          onClick=${() => moveF(at, -1)}>↑</button>
        <button type="button" class="icon" aria-label=${`Move ${name} down`} title="Move down" disabled=${last}
          onClick=${() => moveF(at, 1)}>↓</button>
      </span>`
      }
    </li>`;
  };

  const list = (step: number) => {
    const fields = fieldList(def, step);
    const label = step < 0 ? 'Fields' : `Fields of ${def.steps![step].title || `step ${step + 1}`}`;
    return html`<ol class="b-fields" aria-label=${label}>
      ${fields.map((f, index) => fieldItem(f, { step, index }, fields.length))}
      ${fields.length === 0 && html`<li class="b-empty muted">No fields${step >= 0 ? ' in this step' : ''} yet.</li>`}
    </ol>`;
  };

  const endingsBad = problems.some((p) => !p.field && p.step === undefined && p.rest.startsWith('endings'));
  /** A panel of its own below the fields: the endings, the settings. */
  const panelItem = (kind: 'endings' | 'settings', icon: string, text: string, bad: boolean) =>
    html`<button type="button" class=${`b-select b-panel-item${sel.kind === kind ? ' selected' : ''}`}
      aria-current=${sel.kind === kind ? 'true' : undefined} onClick=${() => select({ kind })}>
      <span class="b-icon" aria-hidden="true">${icon}</span> ${text}
      ${bad && html`<span class="b-flag" title="Has problems">!<span class="sr-only"> has problems</span></span>`}
    </button>`;

  const where =
    sel.kind === 'field'
      ? 'after the selected field'
      : sel.kind === 'step'
        ? 'to the selected step'
        : multi
          ? 'to the last step'
          : 'at the end';
  return html`<nav class="b-outline" aria-label="Form outline">
    <button type="button" class=${`b-select b-form-item${sel.kind === 'form' ? ' selected' : ''}`}
      aria-current=${sel.kind === 'form' ? 'true' : undefined}
      onClick=${() => select({ kind: 'form' })}><span class="b-icon" aria-hidden="true">⚙</span> Form settings</button>
    ${
      multi
        ? html`<ol class="b-steps">
          ${def.steps!.map((s, step) => {
            const selected = sel.kind === 'step' && sel.step === step;
            const title = s.title || `Step ${step + 1}`;
            const drop = (e: DragEvent) => {
              e.preventDefault();
              dropOnStep(step);
            };
            return html`<li key=${s.id || step} class="b-step">
              <div class=${`b-step-head${selected ? ' selected' : ''}`} draggable=${!readOnly}
                onDragStart=${drag({ kind: 'step', step })} onDragOver=${allow} onDrop=${drop}>
                <button type="button" class="b-select" aria-current=${selected ? 'true' : undefined}
                  onClick=${() => select({ kind: 'step', step })}>
                  <span class="b-step-no">${step + 1}</span> <span class="b-name">${title}</span>
                  ${
                    problems.some((p) => p.step === step) &&
                    html`<span class="b-flag" title="Has problems">!<span class="sr-only"> has problems</span></span>`
                  }
                </button>
                ${
                  !readOnly &&
                  html`<span class="b-moves">
                  <button type="button" class="icon" aria-label=${`Move step ${title} up`} title="Move up"
                    disabled=${step === 0} onClick=${() => moveS(step, -1)}>↑</button>
                  <button type="button" class="icon" aria-label=${`Move step ${title} down`} title="Move down"
                    disabled=${step === def.steps!.length - 1} onClick=${() => moveS(step, 1)}>↓</button>
                </span>`
                }
              </div>
              ${list(step)}
            </li>`;
          })}
        </ol>`
        : list(-1)
    }
    ${panelItem('endings', '⚑', `Endings${def.endings?.length ? ` (${def.endings.length})` : ''}`, endingsBad)}
    ${panelItem('settings', '◔', 'Settings: closing, address', false)}
    ${
      !readOnly &&
      html`<div class="b-adders">
      <${TypePicker} onPick=${onAdd} where=${where} />
      ${
        multi &&
        html`<button type="button" class="secondary" onClick=${() => {
          const r = addStep(def, sel.kind === 'step' ? sel.step : sel.kind === 'field' ? sel.at.step : undefined);
          b.edit(() => r.definition);
          select({ kind: 'step', step: r.index });
        }}>+ Add step</button>`
      }
    </div>`
    }
  </nav>`;
}
