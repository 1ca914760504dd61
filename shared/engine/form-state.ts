// A small state object for renderers: the values the respondent typed, the current step, errors, and
// navigation (Continue, Back, Skip, auto-advance, submit). It holds no rule of its own: visibility and
// the path come from path.ts, messages from validation.ts, and the submit check is evaluateValues, the
// very check the server runs (evaluateSubmission is it plus the coercion of form posts).
//
// Decisions:
// - `values` are always the resolved values: hidden and off-path fields are cleared as soon as a change
//   hides them, and a field that becomes visible with no value shows its default (the server would
//   apply the same default).
// - Back returns along the steps actually taken (`history`), not the steps before in the definition.
// - Skip resets the step's fields to their defaults and moves on without validating; going back to a
//   skipped step makes it a normal step again. A step with no step after it cannot be skipped.
// - Continue is refused while the step's `next` button is disabled, and on the last step (submit).
// - commit(key) is the autoAdvance helper: it moves on only for a field with autoAdvance on the current
//   step, never from the last step (the spec: the last step never auto-submits).
import type { FormAction, FormDefinition, FormField, FormStep } from '../definition/schema.ts';
import { isActionDisabled, type Values } from './conditions.ts';
import { type Evaluation, evaluateValues } from './evaluate.ts';
import { stepAfter, walkPath, type Walk } from './path.ts';
import { getPlan, type Plan, type PlanStep } from './plan.ts';
import { planFieldError, type ValidationOptions } from './validation.ts';

/** Options of createFormState: initial values plus what validation needs. */
export interface FormStateOptions extends ValidationOptions {
  values?: Values;
}

/** The live state of one respondent filling one form. */
export interface FormState {
  readonly definition: FormDefinition;
  /** Resolved values: visible fields only, defaults applied. A new object after every change. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Messages by field key from the last Continue or submit (a field's message goes when it changes). */
  readonly errors: Readonly<Record<string, string>>;
  /** Id of the current step; undefined for a single-step form. */
  readonly stepId: string | undefined;
  /** The current step; undefined for a single-step form. */
  readonly step: FormStep | undefined;
  /** Visible fields of the current step (of the form, when single-step). */
  readonly visibleFields: readonly FormField[];
  /** Steps taken so far, the current one last. */
  readonly history: readonly string[];
  /** The whole path the current values imply, from the first step. */
  readonly path: readonly string[];
  /** Steps skipped with their Skip button (sent as `skippedSteps`). */
  readonly skippedSteps: readonly string[];
  readonly isFirstStep: boolean;
  readonly isLastStep: boolean;
  /** Position for a progress bar: current step number and expected total along the path. */
  readonly progress: { current: number; total: number };
  /** Increases on every change; a snapshot value for useSyncExternalStore-style adapters. */
  readonly version: number;
  /** Sets one field's value and re-resolves visibility; keys no field has are ignored. */
  setValue(key: string, value: unknown): void;
  /** Whether a field is visible on the current path. */
  isVisible(key: string): boolean;
  /** Whether a button (submit, cancel, next, back, skip) is disabled for the current values. */
  isDisabled(action: FormAction | false | undefined): boolean;
  /** Continue: validates the current step and moves along the path; false when it did not move. */
  next(): boolean;
  /** Back along the steps taken; false on the first step. */
  back(): boolean;
  /** Skip: resets the current step to its defaults and moves on without validation. */
  skip(): boolean;
  /** The autoAdvance helper: after a field is committed, moves on when the field asks for it. */
  commit(key: string): boolean;
  /** Checks the whole submission exactly as the server will and stores its errors. */
  submit(): Evaluation;
  /** Starts over with the given values (or the initial ones). */
  reset(values?: Values): void;
  /** Calls the listener after every change; returns the matching unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Removes a listener added with subscribe. */
  unsubscribe(listener: () => void): void;
}

/** Creates the state of one form for a renderer. */
export function createFormState(definition: FormDefinition, options: FormStateOptions = {}): FormState {
  return new LiveFormState(definition, options);
}

class LiveFormState implements FormState {
  readonly definition: FormDefinition;
  readonly #plan: Plan;
  readonly #options: FormStateOptions;
  readonly #listeners = new Set<() => void>();
  #walk!: Walk;
  #values: Record<string, unknown> = {};
  #errors: Record<string, string> = {};
  #history: string[] = [];
  #skipped: string[] = [];
  #version = 0;

  constructor(definition: FormDefinition, options: FormStateOptions) {
    this.definition = definition;
    this.#plan = getPlan(definition);
    this.#options = options;
    this.#start(options.values ?? {});
  }

  get values() {
    return this.#values;
  }
  get errors() {
    return this.#errors;
  }
  get history() {
    return this.#history;
  }
  get skippedSteps() {
    return this.#skipped;
  }
  get version() {
    return this.#version;
  }
  get stepId() {
    return this.#plan.multiStep ? this.#history[this.#history.length - 1] : undefined;
  }
  get step() {
    return this.#current()?.step;
  }
  get path() {
    return this.#plan.multiStep ? this.#walk.steps.map((s) => s.id) : [];
  }
  get visibleFields() {
    const current = this.#current();
    return this.#walk.visible.filter((f) => current === undefined || f.step === current).map((f) => f.field);
  }
  get isFirstStep() {
    return this.#history.length <= 1;
  }
  get isLastStep() {
    const current = this.#current();
    return current === undefined || stepAfter(this.#plan, current, this.#walk.values) === undefined;
  }
  get progress() {
    if (!this.#plan.multiStep) return { current: 1, total: 1 };
    const ids = this.#walk.steps.map((s) => s.id);
    const ahead = ids.length - 1 - ids.indexOf(this.stepId!);
    return { current: this.#history.length, total: this.#history.length + Math.max(0, ahead) };
  }

  setValue(key: string, value: unknown): void {
    if (!this.#plan.fieldsByKey.has(key)) return;
    const errors = { ...this.#errors };
    delete errors[key];
    this.#errors = errors;
    this.#resolve({ ...this.#values, [key]: value });
    this.#changed();
  }

  isVisible(key: string): boolean {
    return this.#walk.visible.some((f) => f.key === key);
  }

  isDisabled(action: FormAction | false | undefined): boolean {
    return isActionDisabled(action, this.#walk.values);
  }

  next(): boolean {
    const current = this.#current();
    if (current === undefined) return false;
    const stepErrors: Record<string, string> = {};
    for (const f of this.#walk.visible) {
      if (f.step !== current) continue;
      const message = planFieldError(f, this.#walk.values[f.key], this.#walk.values, this.#options, this.#plan);
      if (message !== undefined) stepErrors[f.key] = message;
    }
    const errors = { ...this.#errors };
    for (const f of current.fields) delete errors[f.key];
    this.#errors = { ...errors, ...stepErrors };
    const after = stepAfter(this.#plan, current, this.#walk.values);
    const moves = Object.keys(stepErrors).length === 0 && !this.isDisabled(current.step?.next) && after !== undefined;
    if (moves) this.#history = [...this.#history, after!.id];
    this.#changed();
    return moves;
  }

  back(): boolean {
    if (this.#history.length <= 1) return false;
    this.#history = this.#history.slice(0, -1);
    const current = this.stepId!;
    if (this.#skipped.includes(current)) {
      this.#skipped = this.#skipped.filter((id) => id !== current);
      this.#resolve(this.#values);
    }
    this.#changed();
    return true;
  }

  skip(): boolean {
    const current = this.#current();
    if (current === undefined || !current.step?.skip) return false;
    // Where the path goes depends on the reset values, so walk with the step skipped first.
    const skipped = [...this.#skipped, current.id];
    const walk = walkPath(this.#plan, this.#values, new Set(skipped));
    const after = stepAfter(this.#plan, current, walk.values);
    if (after === undefined) return false;
    this.#skipped = skipped;
    const errors = { ...this.#errors };
    for (const f of current.fields) delete errors[f.key];
    this.#errors = errors;
    this.#resolve(this.#values);
    this.#history = [...this.#history, after.id];
    this.#changed();
    return true;
  }

  commit(key: string): boolean {
    const current = this.#current();
    const f = this.#plan.fieldsByKey.get(key);
    if (current === undefined || f === undefined || f.step !== current || !f.field.autoAdvance || this.isLastStep)
      return false;
    return this.next();
  }

  submit(): Evaluation {
    const { regex, validators, messages } = this.#options;
    const evaluation = evaluateValues(this.definition, this.#values, {
      regex,
      validators,
      messages,
      skippedSteps: this.#skipped,
    });
    this.#errors = evaluation.errors;
    this.#changed();
    return evaluation;
  }

  reset(values?: Values): void {
    this.#start(values ?? this.#options.values ?? {});
    this.#changed();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.unsubscribe(listener);
  }

  unsubscribe(listener: () => void): void {
    this.#listeners.delete(listener);
  }

  #start(values: Values): void {
    this.#errors = {};
    this.#skipped = [];
    this.#history = [];
    this.#resolve(values);
    const first = this.#plan.multiStep ? this.#walk.steps[0] : undefined;
    this.#history = first ? [first.id] : [];
  }

  /** Re-walks the path; hidden fields lose their value and their error. */
  #resolve(values: Values): void {
    this.#walk = walkPath(this.#plan, values, new Set(this.#skipped));
    this.#values = { ...this.#walk.values };
    const visible = new Set(this.#walk.visible.map((f) => f.key));
    if (Object.keys(this.#errors).some((key) => !visible.has(key))) {
      this.#errors = Object.fromEntries(Object.entries(this.#errors).filter(([key]) => visible.has(key)));
    }
  }

  #current(): PlanStep | undefined {
    const id = this.stepId;
    return id === undefined ? undefined : this.#plan.stepsById.get(id);
  }

  #changed(): void {
    this.#version++;
    for (const listener of [...this.#listeners]) listener();
  }
}
