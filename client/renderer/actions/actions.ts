// The buttons of spec 2.2 and 2.8: Back, Cancel, Skip, Continue and Submit, with their label and
// variant overrides, `false` hiding Back or Continue, and `disabled` conditions.
import { html } from '../html.ts';
import { useWords } from '../words.ts';
import type { FormAction, FormDefinition, FormState } from '../engine.ts';

/** What the buttons do; the renderer owns navigation and focus. */
export interface ActionHandlers {
  onBack(): void;
  onSkip(): void;
  onCancel(): void;
}

/**
 * One button; `type=submit` for Continue and Submit so Enter in a text input presses it. One with nothing
 * to run (the page without script) is the browser's reset: Cancel then starts over, as the renderer's does.
 */
function Button(props: {
  action: FormAction | undefined;
  label: string;
  variant: string;
  submit?: boolean;
  disabled: boolean;
  onClick?: () => void;
  kind: string;
}) {
  const { action } = props;
  return html`<button
    type=${props.submit ? 'submit' : props.onClick ? 'button' : 'reset'}
    class=${`fs-btn fs-btn-${action?.variant ?? props.variant} fs-${props.kind}`}
    data-action=${action?.action}
    disabled=${props.disabled}
    onClick=${props.onClick}
  >${action?.label ?? props.label}</button>`;
}

/** What the buttons need of the form's state; the page without script gives a fixed one (one page, one post). */
export type ActionState = Pick<FormState, 'step' | 'isFirstStep' | 'isLastStep' | 'isDisabled'>;

/** The action row under the fields; without handlers (the page without script) the buttons are native. */
export function Actions({
  state,
  definition,
  sending,
  handlers,
}: {
  state: ActionState;
  definition: FormDefinition;
  sending: boolean;
  handlers?: ActionHandlers;
}) {
  const t = useWords();
  const step = state.step;
  const last = state.isLastStep;
  const back = step && !state.isFirstStep && step.back !== false ? step.back : false;
  const next = step && !last && step.next !== false ? step.next : false;
  return html`<div class="fs-actions">
    ${
      back !== false
        ? html`<${Button} kind="back" action=${back} label=${t('back')} variant="secondary"
            disabled=${sending || state.isDisabled(back)} onClick=${handlers?.onBack} />`
        : null
    }
    <span class="fs-actions-end">
      ${
        definition.cancel
          ? html`<${Button} kind="cancel" action=${definition.cancel} label=${t('cancel')} variant="text"
              disabled=${sending || state.isDisabled(definition.cancel)} onClick=${handlers?.onCancel} />`
          : null
      }
      ${
        step?.skip && !last
          ? html`<${Button} kind="skip" action=${step.skip} label=${t('skip')} variant="text"
              disabled=${sending || state.isDisabled(step.skip)} onClick=${handlers?.onSkip} />`
          : null
      }
      ${
        next !== false
          ? html`<${Button} kind="next" action=${next} label=${t('next')} variant="primary" submit
              disabled=${sending || state.isDisabled(next)} />`
          : null
      }
      ${
        last
          ? html`<${Button} kind="submit" action=${definition.submit} label=${t('submit')} variant="primary" submit
              disabled=${sending || state.isDisabled(definition.submit)} />`
          : null
      }
    </span>
  </div>`;
}
