// The live preview: the real FormRenderer (the code respondents get) on the definition being edited,
// at desktop or phone width. It can be filled and navigated; its submit goes nowhere and shows the
// success screen. While the definition has problems it shows the last one that had none. Choosing
// another layout starts it over (a position in one layout means nothing in the other).
import { Component, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { themeModeClass, themeProperties } from '../../../shared/api/theme-values.ts';
import type { FormDefinition } from '../../../shared/definition/schema.ts';
// The panel always has the calculations' code: the preview shows every form at once.
import '../../../shared/engine/calc/built-in.ts';
import { chooseEnding } from '../../../shared/engine/endings.ts';
import { answerDisplay } from '../../../shared/engine/piping.ts';
import { FormRenderer } from '../../renderer/form-renderer.ts';
import { html } from '../../renderer/html.ts';
import { loadQuestions } from '../../renderer/one-per-screen/use-questions.ts';
import { loadMarkdown, needsMarkdown } from '../../renderer/rich-text.ts';
import { BuilderSettings } from './builder-settings.ts';

/**
 * Keeps a renderer failure inside the preview (the builder stays usable); the next definition tries
 * again. Custom types and options providers of the person's own pages are not here, so such a form may
 * show differently, but it never takes the editor down.
 */
class PreviewBoundary extends Component<
  { definition: FormDefinition; children: ComponentChildren },
  { failed?: string; for?: FormDefinition }
> {
  static override getDerivedStateFromProps(
    props: { definition: FormDefinition },
    state: { failed?: string; for?: FormDefinition },
  ) {
    return props.definition === state.for ? null : { failed: undefined, for: props.definition };
  }
  override componentDidCatch(err: unknown) {
    this.setState({ failed: err instanceof Error ? err.message : String(err) });
  }
  override render() {
    if (this.state.failed)
      return html`<p class="problems" role="status">The preview cannot show this form: ${this.state.failed}</p>`;
    return this.props.children;
  }
}

let questionsLoaded = false;

/**
 * Whether the layout's code is there: a one-per-screen form waits for it, as on the hosted page, so its
 * first render already counts questions (a first render in the classic layout left the progress bar at NaN).
 */
function useLayoutReady(onePerScreen: boolean): boolean {
  const [, arrived] = useState(false);
  useEffect(() => {
    if (onePerScreen && !questionsLoaded)
      loadQuestions().then(() => {
        questionsLoaded = true;
        arrived(true);
      });
  }, [onePerScreen]);
  return !onePerScreen || questionsLoaded;
}

/** Draws texts with marks as the hosted page does: the Markdown reader is loaded once a text has a mark. */
function useMarkdownReady(definition: FormDefinition | undefined) {
  const [, arrived] = useState(0);
  const needed = definition !== undefined && needsMarkdown(definition);
  useEffect(() => {
    if (needed) loadMarkdown().then(() => arrived((n) => n + 1));
  }, [needed]);
}

/**
 * The preview panel. `theme` is the form's theme setting (none for a draft never published): applied
 * as the hosted page and the inline embed apply it, custom properties and a forced mode on the frame.
 */
export function Preview({
  definition,
  stale,
  theme,
}: {
  definition?: FormDefinition;
  stale: boolean;
  theme?: unknown;
}) {
  const [phone, setPhone] = useState(false);
  const [run, setRun] = useState(0);
  const [values, setValues] = useState<Readonly<Record<string, unknown>>>({});
  const calcs = definition?.calculations ?? [];
  const layout = definition?.layout ?? 'classic';
  const ready = useLayoutReady(layout === 'one_per_screen');
  useMarkdownReady(definition);
  // Sending in the preview shows the ending the answers lead to (the hosted page's rule, shared/engine), else the
  // thank-you message being edited; nothing is sent.
  const [ending, setEnding] = useState<string>();
  const thanks = useContext(BuilderSettings)?.draft?.success_message;
  const shown = ending ?? thanks;
  const success = {
    message: shown
      ? `${shown}\n\n*(The preview: nothing was sent.)*`
      : 'This is the preview: nothing was sent. Respondents see your success message here.',
    allowAnother: true,
  };
  const onSubmit = (values: Record<string, unknown>) => {
    if (definition) setEnding(chooseEnding(definition, values)?.message);
  };
  return html`<section class="b-preview" aria-labelledby="b-preview-title">
    <div class="b-preview-head">
      <h2 id="b-preview-title">Preview</h2>
      <div class="b-toggle" role="group" aria-label="Preview width">
        <button type="button" class="secondary small" aria-pressed=${phone ? 'false' : 'true'}
          onClick=${() => setPhone(false)}>Desktop</button>
        <button type="button" class="secondary small" aria-pressed=${phone ? 'true' : 'false'}
          onClick=${() => setPhone(true)}>Phone</button>
      </div>
      <button type="button" class="secondary small" onClick=${() => setRun(run + 1)}>Start over</button>
    </div>
    ${
      stale &&
      html`<p class="notice small" role="status">
        The preview shows the form as it was before the problems listed above.
      </p>`
    }
    <div class=${['b-frame', phone && 'phone', themeModeClass(theme)].filter(Boolean).join(' ')}
      style=${themeProperties(theme)}>
      ${
        definition && !ready
          ? html`<p class="muted">Loading the preview…</p>`
          : definition
            ? html`<${PreviewBoundary} definition=${definition}>
            <${FormRenderer} key=${`${run}:${layout}`} definition=${definition} headingLevel=${3}
              onSubmit=${onSubmit} success=${success} onValues=${setValues} />
          <//>`
            : html`<p class="muted">The preview appears once the form has no problems.</p>`
      }
    </div>
    ${
      definition &&
      calcs.length > 0 &&
      html`<dl class="b-calc-results" aria-label="Calculations" aria-live="polite">
        ${calcs.map(
          (c) => html`<div><dt>${c.label || c.key}:</dt>
            <dd>${answerDisplay(undefined, values[c.key]) || html`<span class="muted">no value yet</span>`}</dd></div>`,
        )}
      </dl>`
    }
  </section>`;
}
