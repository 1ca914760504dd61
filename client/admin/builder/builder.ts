// The builder for one draft text: outline, settings of the selected part and live preview side by
// side (or the JSON view instead of the first two), problems next to what they name and above
// Publish, autosave, undo. Loading the draft and publishing it are the caller's (builder-page.ts).
import { useContext, useMemo, useRef, useState } from 'preact/hooks';
import { checkDefinition } from '../../../shared/definition/check.ts';
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { ClosingPanel } from './builder-settings.ts';
import { EndingsEditor } from './endings-editor.ts';
import { FieldEditor } from './field-editor.ts';
import { BuilderFormId } from './picture-editor.ts';
import { FormEditor } from './form-editor.ts';
import { JsonView } from './json-view.ts';
import { addField, fieldAt, placeProblem, routeWarnings, type PlacedProblem } from './model/index.ts';
import { Outline } from './outline.ts';
import { Preview } from './preview.ts';
import { ProblemsSummary } from './problems-summary.ts';
import { insertPoint, validSelection, type Selection } from './selection.ts';
import { StepEditor } from './step-editor.ts';
import type { Builder } from './use-builder.ts';

/**
 * Below 1180 px the preview sits under the editor, a long scroll away on a phone: this takes the
 * reader (and the keyboard focus) to its heading.
 */
function toPreview() {
  const heading = document.getElementById('b-preview-title');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/**
 * The problems of the current text: the local check at once, the server's from the last save when they are about
 * this text.
 */
export function useProblems(b: Builder, server: { text: string; problems: readonly string[] } | undefined) {
  return useMemo(() => {
    const local = b.jsonError
      ? [b.jsonError]
      : (() => {
          const r = checkDefinition(b.definition);
          return 'problems' in r ? r.problems : [];
        })();
    // The server words paths as POST /v1/forms does ("definition.fields[0]…"); the same problem once.
    const extra =
      server && server.text === b.text
        ? server.problems.map((p) => p.replace(/^definition\./, '')).filter((p) => !local.includes(p))
        : [];
    return [...local, ...extra];
  }, [b.definition, b.jsonError, b.text, server]);
}

/** The last definition without problems (the preview shows it while there are some). */
function useLastGood(def: FormDefinition, ok: boolean) {
  const good = useRef<FormDefinition | undefined>(ok ? def : undefined);
  if (ok) good.current = def;
  return good.current;
}

/** The two panes under the bar. */
export function BuilderBody({
  b,
  problems,
  readOnly,
  publishedKeys,
  theme,
}: {
  b: Builder;
  problems: readonly string[];
  readOnly: boolean;
  publishedKeys: ReadonlySet<string>;
  /** The form's theme setting, for the preview (none for a draft never published). */
  theme?: unknown;
}) {
  const formId = useContext(BuilderFormId);
  const [view, setView] = useState<'build' | 'json'>('build');
  const [rawSel, select] = useState<Selection>({ kind: 'form' });
  // Set by Add field: the new field's editor then takes the focus to its label, once (not after a move).
  const focusLabel = useRef(false);
  const def = b.definition;
  const sel = validSelection(def, rawSel);
  const placed: PlacedProblem[] = useMemo(() => problems.map(placeProblem), [problems]);
  const preview = useLastGood(def, problems.length === 0);
  const warnings = useMemo(() => (b.jsonError ? [] : routeWarnings(def)), [def, b.jsonError]);

  const add = (type: string) => {
    const r = addField(def, type, insertPoint(def, sel));
    b.edit(() => r.definition);
    select({ kind: 'field', at: r.at });
    focusLabel.current = true;
  };
  const go = (s: Selection) => {
    setView('build');
    select(s);
    requestAnimationFrame(() =>
      document
        .getElementById('b-editor-title')
        ?.closest('section')
        ?.querySelector<HTMLElement>('input, select, textarea')
        ?.focus(),
    );
  };

  const field = sel.kind === 'field' ? fieldAt(def, sel.at) : undefined;
  const editor =
    sel.kind === 'field' && field
      ? html`<${FieldEditor} key=${`${sel.at.step}.${sel.at.index}`} def=${def} field=${field} at=${sel.at} b=${b}
          select=${select} problems=${placed} focusLabel=${focusLabel} readOnly=${readOnly}
          publishedKeys=${publishedKeys} />`
      : sel.kind === 'step'
        ? html`<${StepEditor} def=${def} step=${sel.step} b=${b} select=${select} problems=${placed}
            readOnly=${readOnly} />`
        : sel.kind === 'endings'
          ? html`<${EndingsEditor} def=${def} b=${b} problems=${placed} readOnly=${readOnly} />`
          : sel.kind === 'settings'
            ? html`<${ClosingPanel} formId=${formId} readOnly=${readOnly} />`
            : html`<${FormEditor} def=${def} b=${b} select=${select} problems=${placed} readOnly=${readOnly} />`;

  return html`<div>
    <${ProblemsSummary} problems=${placed} warnings=${warnings} go=${go} />
    <div class="b-views" role="group" aria-label="Editor">
      <button type="button" class="secondary" aria-pressed=${view === 'build' ? 'true' : 'false'}
        onClick=${() => setView('build')}>Build</button>
      <button type="button" class="secondary" aria-pressed=${view === 'json' ? 'true' : 'false'}
        onClick=${() => setView('json')}>JSON</button>
      <button type="button" class="secondary b-to-preview" onClick=${toPreview}>Go to preview ↓</button>
    </div>
    <div class=${`b-main b-main-${view}`}>
      ${
        view === 'json'
          ? html`<${JsonView} text=${b.text} problems=${problems} readOnly=${readOnly} onInput=${b.setText} />`
          : b.jsonError
            ? html`<div class="problems b-wait" role="alert">
              <strong>The JSON has a problem, so the visual editor waits until it is fixed.</strong>
              <p>${b.jsonError}</p>
              <button type="button" class="secondary" onClick=${() => setView('json')}>Fix it in the JSON view</button>
            </div>`
            : html`<${Outline} def=${def} b=${b} sel=${sel} select=${select} onAdd=${add} problems=${placed}
              readOnly=${readOnly} />
            <fieldset class="b-settings" disabled=${readOnly}>
              <legend class="sr-only">Settings</legend>
              ${editor}
            </fieldset>`
      }
      <${Preview} definition=${preview} stale=${problems.length > 0 && preview !== undefined}
        theme=${theme} />
    </div>
  </div>`;
}
