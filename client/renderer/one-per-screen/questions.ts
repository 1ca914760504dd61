// The `one_per_screen` layout: one question at a time inside the engine's steps. The engine still owns
// the rules (visibility, the path, routes, the submit check); this adds only a position inside the
// current step. Leaving a question checks that field alone (the engine's validateField); leaving the
// last question of a step is the engine's Continue, which checks the step as in the classic layout.
// Loaded only by forms that use the layout (use-questions.ts), so it imports nothing at run time: the
// engine functions it needs come in as arguments, which keeps it a chunk of its own.
import type { ActionState } from '../actions/actions.ts';
import type { EngineMessages } from '../../../shared/engine/i18n/engine-messages.ts';
import type { FormField, FormState, resolvePath, validateField, ValidatorRegistry } from '../engine.ts';

/** What the renderer does for the layout: focus a question (or the heading), submit, take the next step. */
export interface QuestionNav {
  /** After a move: clears a notice and focuses the question (the step heading when there is none). */
  moved(key: string | undefined): void;
  /** Focuses a question that stays (a refused Continue). */
  focus(key: string): void;
  submit(): void;
  /** The engine's Continue (checks the whole step); on success the renderer calls `edge()`. */
  nextStep(): void;
  /** True (and says so) while a file or signature is still uploading: nothing moves on meanwhile. */
  uploading(): boolean;
}

/** Where the respondent is among the questions, and how to move. */
export interface Questions {
  /** The question on screen; undefined on a step whose fields the answers all hide. */
  field: FormField | undefined;
  /** Questions shown before this one along the steps taken (for the progress line). */
  done: number;
  /** The message of the current question after a refused Continue. */
  errors: Record<string, string>;
  /** Continue: checks the question and moves on (to the next step, or submits, after the last question). */
  next(nav: QuestionNav): void;
  /** Back: the question before, or the last question of the step before. */
  back(nav: QuestionNav): void;
  /** autoAdvance: a chosen answer moves on to the next question; never submits (spec 2.4). */
  commit(key: string, nav: QuestionNav): void;
  /** Enter on any answer moves on (a textarea keeps Enter for new lines; Ctrl+Enter moves on from it). */
  enter(e: KeyboardEvent, nav: QuestionNav): void;
  /** What the buttons show: Back unless on the first question, Continue until the last one, then Submit. */
  actions(): ActionState;
  /** Puts the question with `key` on screen (an error found on submit, Start over). */
  show(key: string | undefined): void;
  /** After a step change: puts its first (or, going back, its last) question on screen; returns its key. */
  edge(last?: boolean): string | undefined;
  /** Drops the message of `key` (its value changed). */
  clear(key: string): void;
}

/** The position the renderer keeps in its own state. */
export interface QuestionPosition {
  key?: string;
  errors: Record<string, string>;
}

/** What the layout needs from the engine. */
export interface QuestionTools {
  validateField: typeof validateField;
  resolvePath: typeof resolvePath;
  validators?: ValidatorRegistry;
  /** The engine's messages in the page's language, as the classic layout's checks have them. */
  messages?: EngineMessages;
}

/** Fields a respondent is asked on the current step, in order (`hidden` fields are never on screen). */
export const askedFields = (state: FormState) => state.visibleFields.filter((f) => f.type !== 'hidden');

/** The questions over `state` at position `pos`; `set` stores a new position (a re-render follows). */
export function questions(
  state: FormState,
  pos: QuestionPosition,
  set: (pos: QuestionPosition) => void,
  tools: QuestionTools,
): Questions {
  const asked = askedFields(state);
  // A question the answers have since hidden gives way to the next one still shown in definition order.
  const stepFields = (state.step?.fields ?? state.definition.fields ?? []).map((f) => f.key);
  const at = stepFields.indexOf(pos.key ?? '');
  const found = asked.findIndex((f) => stepFields.indexOf(f.key) >= at);
  const i = found < 0 ? Math.max(0, asked.length - 1) : found;
  const field = asked[i];
  const before = new Set(state.history.slice(0, -1));
  // Questions of the steps before this one, as the answers now show them.
  const stepOf = new Map(
    state.definition.steps?.flatMap((s) => s.fields.filter((f) => f.type !== 'hidden').map((f) => [f.key, s.id])),
  );
  const passed = before.size
    ? tools
        .resolvePath(state.definition, state.values, { skippedSteps: state.skippedSteps })
        .visibleKeys.filter((k) => before.has(stepOf.get(k) ?? '')).length
    : 0;
  const to = (key: string | undefined) => {
    set({ key, errors: {} });
    return key;
  };
  return {
    field,
    done: passed + i,
    errors: pos.errors,
    next(nav) {
      // Leaving the question would drop its upload half-way (its control goes, and cancels it).
      if (nav.uploading()) return;
      const message = field && tools.validateField(state.definition, field.key, state.values, tools);
      if (message) {
        set({ key: field!.key, errors: { [field!.key]: message } });
        return nav.focus(field!.key);
      }
      if (i < asked.length - 1) return nav.moved(to(asked[i + 1].key));
      set({ key: pos.key, errors: {} });
      if (state.isLastStep) nav.submit();
      else nav.nextStep();
    },
    back(nav) {
      if (i > 0) nav.moved(to(asked[i - 1].key));
      else if (state.back()) nav.moved(this.edge(true));
    },
    commit(key, nav) {
      if (field?.key === key && field.autoAdvance && !(i >= asked.length - 1 && state.isLastStep)) this.next(nav);
    },
    enter(e, nav) {
      const t = e.target as HTMLInputElement;
      // A control that moved on itself on this Enter (an autoAdvance choice) may have had the next question
      // rendered already, taking the control out of the page: this Enter must not pass over that one too.
      if (e.key !== 'Enter' || !t.isConnected || e.isComposing || e.shiftKey || e.altKey) return;
      // A long answer keeps Enter for new lines; Ctrl+Enter (Cmd+Enter) moves on from it, as everywhere else.
      if (t.tagName === 'TEXTAREA' ? !(e.ctrlKey || e.metaKey) : e.ctrlKey || e.metaKey) return;
      if (['BUTTON', 'A'].includes(t.tagName)) return;
      // The form's own Enter submit only comes from text inputs: this takes its place for every answer.
      e.preventDefault();
      // An autoAdvance radio has moved on by itself (its commit).
      if (!(field?.autoAdvance && t.type === 'radio')) this.next(nav);
    },
    actions() {
      // The step's own Back shows on its first question only, its Continue on its last.
      const step = state.step;
      return {
        step: {
          ...(step ?? { id: '', title: '', fields: [] }),
          back: i === 0 ? step?.back : undefined,
          next: i >= asked.length - 1 ? step?.next : undefined,
        },
        isFirstStep: i === 0 && state.isFirstStep,
        isLastStep: i >= asked.length - 1 && state.isLastStep,
        isDisabled: (a) => state.isDisabled(a),
      };
    },
    show: (key) => void to(key),
    edge(last) {
      // Asked again: the state has moved to another step since this object was made.
      const now = askedFields(state);
      return to(now[last ? now.length - 1 : 0]?.key);
    },
    clear(key) {
      if (key in pos.errors) set({ key: pos.key, errors: {} });
    },
  };
}
