// FormRenderer: a definition in, a working form out. It composes the parts (step header, progress,
// fields, actions, success) around the shared engine's FormState; every rule (visibility, path,
// validation, the submit check) comes from the engine, the same code the server runs.
import { h } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Actions } from './actions/actions.ts';
import { needsResetConfirm, resetConfirm } from './actions/start-over.ts';
import { Alert } from './alert.ts';
import { loadCalculations, needsCalculations } from './calculations.ts';
import { loadConditions, needsConditions } from './conditions.ts';
import { type FormDefinition, getPlan, type Values } from './engine.ts';
import { loadPiping, needsPiping, pipedField, pipedStep, pipeText } from './piping.ts';
import { Field, needsProvidedField, providedField } from './fields/field.ts';
import { html } from './html.ts';
import { RichText } from './rich-text.ts';
import { useQuestions } from './one-per-screen/use-questions.ts';
import type { ProgressView } from './progress/path-progress.ts';
import { needsProgress, progressLine } from './progress/progress-line.ts';
import { resumed as resumedNotice } from './save-progress/resumed.ts';
import { useSaveProgress } from './save-progress/use-save-progress.ts';
import { hiddenLabels, mapServerProblems, matrixRowLabel, splitHidden } from './server-problems.ts';
import { StepHeader } from './steps/step-header.ts';
import { SubmitError } from './submit-error.ts';
import { Success } from './success/success.ts';
import { useWords } from './words.ts';
import type { FormRendererProps } from './types.ts';
import { UploadContext } from './uploads/upload-context.ts';
import { ImageContext } from './fields/image.ts';
import { useFocusRequest } from './use-focus.ts';
import { useFormState } from './use-form-state.ts';
import { useQuestionFunnel } from './question-funnel.ts';
import { isFunnelQuestion } from '../../shared/engine/funnel-questions.ts';

interface Failure {
  message: string;
  problems: readonly string[];
  retry?: () => void;
  /** The "still uploading" notice: it goes by itself once the upload has ended. */
  uploading?: boolean;
}

/** Field position and step by key (the engine's plan), for ids and for finding the step of a server problem. */
function fieldIndex(definition: FormDefinition): Map<string, { n: number; step?: string }> {
  const plan = getPlan(definition);
  return new Map(
    [...plan.fieldsByKey.values()].map((f, n) => [f.key, { n, step: plan.multiStep ? f.step.id : undefined }]),
  );
}

/** No pictures known: addresses load as they are. */
const noImages = {};

/** FormRenderers made on this page so far: each one's element ids start with its own number. */
let renderers = 0;

/** Renders a form definition (spec 2) with validation on Continue and submit, and calls onSubmit. */
export function FormRenderer(props: FormRendererProps) {
  // A form with calculations, conditions or piped texts waits for their code (bundles of their own); the
  // hosted page and the embeds have loaded it before the first render, so they never wait here.
  const calc = needsCalculations(props.definition);
  const conditions = needsConditions(props.definition);
  const pipes = needsPiping(props.definition, props.success?.message);
  // Options providers are called from the first render on, as FormRenderer's users expect; a form with
  // steps shows where the person is from its first render too.
  const provided = needsProvidedField(props.definition);
  const progress = needsProgress(props.definition);
  const waiting = calc || conditions || pipes || provided || progress;
  const [, arrived] = useState(0);
  useEffect(() => {
    const needs = [
      calc && loadCalculations(),
      conditions && loadConditions(),
      pipes && loadPiping(),
      provided && providedField.load(),
      progress && progressLine.load(),
    ];
    if (needs.some(Boolean)) Promise.all(needs).then(() => arrived((n) => n + 1));
  }, [calc, conditions, pipes, provided, progress]);
  // The Start over question is fetched now, so that it is here when the cancel button is pressed.
  useEffect(() => void (needsResetConfirm(props.definition) && resetConfirm.load()), [props.definition]);
  return waiting ? null : h(RenderedForm, props);
}

function RenderedForm(props: FormRendererProps) {
  const { definition } = props;
  const state = useFormState(definition, props.initialValues, props.validators);
  const t = useWords();
  const q = useQuestions(definition.layout === 'one_per_screen', state, props.validators);
  // Answers kept from an earlier visit come back with a notice and its Start over button.
  const [resumed, setResumed] = useState(false);
  const saver = useSaveProgress(definition.save_progress === false ? undefined : props.saveProgressKey, state, {
    field: q?.field?.key,
    validators: props.validators,
    initialValues: props.initialValues,
    onRestored: (field) => {
      setResumed(true);
      q?.show(field);
    },
  });
  const shown = useRef<ProgressView | undefined>(undefined);
  const index = useMemo(() => fieldIndex(definition), [definition]);
  const hidden = useMemo(() => hiddenLabels(definition), [definition]);
  const shownKeys = useMemo(() => new Set([...index.keys()].filter((k) => !hidden.has(k))), [index, hidden]);
  const rowLabel = matrixRowLabel(definition);
  // The accepted values of the last submit: the success message pipes them (calculations included).
  const submitted = useRef<Values>({});
  const root = useRef<HTMLDivElement>(null);
  const focus = useFocusRequest(root);
  // Ids unique on the page (a panel can show several forms); never rendered on the server, so a counter does.
  const [idBase] = useState(() => `fs${++renderers}`);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | undefined>(undefined);
  const [phase, setPhase] = useState<'filling' | 'sending' | 'done'>('filling');
  const busyUploads = useRef(new Set<string>()).current;
  const uploads = useMemo(() => ({ target: props.uploads, busy: busyUploads }), [props.uploads, busyUploads]);
  const [confirmingReset, setConfirmingReset] = useState(false);
  // A ref as well as the phase: a double click can land before the re-render disables the button.
  const sending = useRef(false);
  // onStart once per response: the first change a person makes (set back by restart).
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: told once per step shown, not when the callback changes
  useEffect(() => {
    if (state.stepId !== undefined && phase !== 'done') props.onStep?.(state.stepId);
  }, [state.stepId]);
  // Told in the render's own commit (a layout effect), not after the next paint: a person who types and at once
  // leaves (a popup closed with Escape, the tab closed) is told with the last keystroke in (partial answers).
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when the values change, not the callback
  useLayoutEffect(() => props.onValues?.(state.values), [state.values]);
  // The funnel per question: one per screen the question on screen, classic the step's questions shown.
  useQuestionFunnel(
    props.onQuestion,
    {
      id: `${state.stepId}\0${q?.field?.key}`,
      keys: (q ? (q.field ? [q.field] : []) : state.visibleFields).filter(isFunnelQuestion).map((f) => f.key),
      progress: q ? q.done : state.history.length,
    },
    state.values,
    phase === 'done',
  );

  /** Walks Back along the steps taken until the step holding `key` is shown. */
  const showStepOf = (key: string) => {
    const step = index.get(key)?.step;
    while (step !== undefined && state.stepId !== step && state.history.includes(step) && state.back());
  };
  const focusFirstError = (errors: Record<string, string>) => {
    const key = Object.keys(errors)[0];
    if (key === undefined) return;
    showStepOf(key);
    q?.show(key);
    focus({ kind: 'field', key });
  };
  const moved = () => {
    setFailure(undefined);
    focus({ kind: 'heading' });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first appears
  useEffect(() => {
    if (props.focusFirst && q?.field) focus({ kind: 'field', key: q.field.key });
  }, []);

  const change = (key: string, value: unknown) => {
    if (!started.current) {
      started.current = true;
      props.onStart?.();
    }
    state.setValue(key, value);
    q?.clear(key);
    if (key in serverErrors) setServerErrors(({ [key]: _, ...rest }) => rest);
    if (uploads.busy.size === 0) setFailure((f) => (f?.uploading ? undefined : f));
  };
  /** True (and says so) while a file is still on its way: moving on or sending would count it as missing. */
  const waitForUploads = () => {
    if (uploads.busy.size === 0) return false;
    setFailure({
      message: t('stillUploading'),
      problems: [],
      uploading: true,
    });
    focus({ kind: 'alert' });
    return true;
  };
  /** A step moved on; one per screen, its first question takes the focus. */
  const stepped = () => (q ? nav.moved(q.edge()) : moved());
  const nextStep = () => (waitForUploads() ? undefined : state.next() ? stepped() : focusFirstError(state.errors));
  // What the one_per_screen layout asks of the renderer (one-per-screen/questions.ts).
  const nav = {
    // One per screen, moving on puts the answers from last time behind the person: their notice goes (it
    // stayed on every screen). The classic layout keeps it on the step it came back to.
    moved: (key: string | undefined) => {
      setFailure(undefined);
      setResumed(false);
      focus(key ? { kind: 'field', key } : { kind: 'heading' });
    },
    focus: (key: string) => focus({ kind: 'field', key }),
    submit: () => submit(),
    nextStep,
    uploading: waitForUploads,
  };
  /** Continue: the next step, or one per screen the next question (the next step after a step's last). */
  const next = () => (q ? q.next(nav) : nextStep());
  const commit = (key: string) => {
    if (q) return q.commit(key, nav);
    const asks =
      definition.steps?.some((s) => s.id === state.stepId && s.fields.some((f) => f.key === key && f.autoAdvance)) &&
      !state.isLastStep;
    if (state.commit(key)) moved();
    else if (asks) focusFirstError(state.errors);
  };
  const restart = () => {
    setConfirmingReset(false);
    saver.clear();
    setResumed(false);
    q?.show(undefined);
    shown.current = undefined;
    // The initial values, never the kept answers the state was started with.
    state.reset(props.initialValues ?? {});
    setServerErrors({});
    setFailure(undefined);
    setPhase('filling');
    started.current = false;
    focus({ kind: 'heading' });
  };

  const send = async (values: Values, skippedSteps: readonly string[]) => {
    sending.current = true;
    setPhase('sending');
    setFailure(undefined);
    try {
      submitted.current = values;
      await props.onSubmit(values as Record<string, unknown>, { skippedSteps });
      saver.clear();
      setResumed(false);
      setPhase('done');
      focus({ kind: 'success' });
    } catch (err) {
      const e = err instanceof SubmitError ? err : new SubmitError(t('notSent'), { retry: true });
      const mapped = mapServerProblems(e.problems, shownKeys, rowLabel);
      setPhase('filling');
      setServerErrors(mapped.errors);
      // Try again submits the answers as they are now: unchanged, they go with the same idempotency key.
      setFailure({ message: e.message, problems: mapped.general, retry: e.retry ? submit : undefined });
      if (Object.keys(mapped.errors).length) focusFirstError(mapped.errors);
      else focus({ kind: 'alert' });
    } finally {
      sending.current = false;
    }
  };
  function submit() {
    if (sending.current || !state.isLastStep || state.isDisabled(definition.submit)) return;
    // A file still on its way would be sent as "no file": say so instead of sending without it.
    if (waitForUploads()) return;
    const evaluation = state.submit();
    if (evaluation.problems.length === 0) return void send(evaluation.values, [...state.skippedSteps]);
    const { shown, lines } = splitHidden(evaluation.errors, hidden);
    const general = [...lines, ...mapServerProblems(evaluation.problems, new Set(index.keys())).general];
    setFailure(general.length ? { message: t('cannotSend'), problems: general } : undefined);
    if (Object.keys(shown).length) focusFirstError(shown);
    else focus({ kind: 'alert' });
  }
  const onFormSubmit = (e: Event) => {
    e.preventDefault();
    if (q) next();
    else if (state.isLastStep) submit();
    // Enter in a text input submits the form; with Continue hidden (`next: false`) it must not move.
    else if (state.step?.next !== false && !state.isDisabled(state.step?.next)) next();
  };

  // "Start over" asks first when something was typed (nothing to lose otherwise).
  const askReset = () => {
    // Only what a person typed: calculations and hidden fields are no answers of theirs.
    const typed = Object.entries(state.values).some(
      ([k, v]) =>
        shownKeys.has(k) &&
        v !== undefined &&
        v !== null &&
        v !== '' &&
        v !== false &&
        !(Array.isArray(v) && v.length === 0),
    );
    if (typed || !state.isFirstStep) setConfirmingReset(true);
    else restart();
  };
  const keepAnswers = () => {
    setConfirmingReset(false);
    // Back to the button that asked, so keyboard users do not lose their place.
    requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('.fs-cancel')?.focus());
  };
  const level = props.headingLevel ?? 2;
  const title = props.showTitle
    ? html`<div class="fs-page-header">
        ${h(`h${level}`, { class: 'fs-page-title' }, definition.title)}
        ${
          definition.description
            ? html`<${RichText} className="fs-page-description" text=${definition.description} />`
            : null
        }
      </div>`
    : null;

  if (phase === 'done') {
    return html`<div class="fs-renderer" ref=${root}>
      ${title}
      <${Success} message=${pipeText(definition, props.success?.message, submitted.current)}
        allowAnother=${props.success?.allowAnother}
        onAnother=${() => restart()} level=${level}>${props.success?.after}</${Success}>
    </div>`;
  }
  const errors = { ...serverErrors, ...state.errors, ...q?.errors };
  const step = state.step;
  const multi = step !== undefined;
  const fields = q ? (q.field ? [q.field] : []) : state.visibleFields;

  const images = props.images ?? noImages;
  return html`<${UploadContext.Provider} value=${uploads}><${ImageContext.Provider} value=${images}>
  <div class="fs-renderer" ref=${root}>
    ${title}
    <form class="fs-form" noValidate aria-busy=${phase === 'sending' ? 'true' : undefined} onSubmit=${onFormSubmit}>
      ${resumed ? html`<${resumedNotice.Component} onStartOver=${restart} />` : null}
      ${
        multi || q
          ? html`<${progressLine.Component} id=${`${idBase}-progress`} definition=${definition} shown=${shown}
              unit=${q ? 'question' : 'step'} position=${
                q
                  ? { done: q.done, stepId: state.stepId, fieldKey: q.field?.key }
                  : { done: state.history.length - 1, stepId: state.stepId }
              } />`
          : null
      }
      ${
        multi
          ? html`<${StepHeader} step=${pipedStep(definition, step, state.values)} level=${props.headingLevel} />`
          : null
      }
      ${
        failure
          ? html`<${Alert} message=${failure.message} problems=${failure.problems} onRetry=${failure.retry} />`
          : null
      }
      <div class="fs-fields" key=${state.stepId ?? ''} onKeyDown=${q && ((e: KeyboardEvent) => q.enter(e, nav))}>
        ${fields.map(
          (f) => html`<${Field}
            key=${f.key}
            field=${pipedField(definition, f, state.values)}
            id=${`${idBase}-${index.get(f.key)?.n ?? f.key}`}
            value=${state.values[f.key]}
            values=${state.values}
            error=${errors[f.key]}
            components=${props.components}
            optionsProviders=${props.optionsProviders}
            onChange=${change}
            onCommit=${commit}
          />`,
        )}
      </div>
      <${Actions}
        state=${q ? q.actions() : state}
        definition=${definition}
        sending=${phase === 'sending'}
        handlers=${{
          onBack: () => (q ? q.back(nav) : state.back() && moved()),
          onSkip: () => state.skip() && stepped(),
          onCancel: () => (props.onCancel ? props.onCancel() : askReset()),
        }}
      />
      ${confirmingReset ? html`<${resetConfirm.Component} onConfirm=${restart} onKeep=${keepAnswers} />` : null}
    </form>
  </div></${ImageContext.Provider}></${UploadContext.Provider}>`;
}
