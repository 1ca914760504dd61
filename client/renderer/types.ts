// The renderer's public types: its props, the contract of a field component (built-in or custom) and
// of an options provider.
import type { ComponentType } from 'preact';
import type { FieldOption, FormDefinition, FormField, ValidatorRegistry, Values } from './engine.ts';
import type { UploadTarget } from './uploads/upload-context.ts';
import type { FormImage } from './fields/image.ts';
import type { QuestionReport } from './question-funnel.ts';

export type { UploadTarget } from './uploads/upload-context.ts';
export type { FormImage } from './fields/image.ts';

/** What every field component receives; custom types get the same props through `components`. */
export interface FieldProps {
  field: FormField;
  /** The id of the control: the renderer's `<label for>` points at it. */
  id: string;
  /** The field key, for a native `name`. */
  name: string;
  value: unknown;
  /** The message to show, from the engine or the server. */
  error?: string;
  /** Ids of the helper text and the error, for `aria-describedby`. */
  describedBy?: string;
  required: boolean;
  /** Static options, or the ones the field's `optionsFrom` provider returned. */
  options: readonly FieldOption[];
  /** True while an async options provider runs. */
  loading: boolean;
  onChange(value: unknown): void;
  /** The autoAdvance commit: moves to the next step when the field has `autoAdvance` (never submits). */
  onCommit(): void;
}

/**
 * What the built-in controls receive: FieldProps, plus a mark only the page without script sets
 * (client/hosted/no-script-form.ts); not exported from the renderer, custom components never see it.
 */
export interface ControlProps extends FieldProps {
  /** The browser's own `required` check, for a native post: set only where the field is always asked. */
  nativeRequired?: boolean;
}

/** A component that renders one field's control. */
export type FieldComponent = ComponentType<FieldProps>;

/** Supplies options for fields with `optionsFrom`; gets the current values (for `optionsDependsOn`). */
export type OptionsProvider = (
  values: Values,
  field: FormField,
) => readonly FieldOption[] | Promise<readonly FieldOption[]>;

/** What happens after a successful submit: the success screen's text and "Submit another response". */
export interface SuccessOptions {
  message?: string;
  /** Shows a button that starts a new, empty response. */
  allowAnother?: boolean;
  /** Shown under the message (the private edit link of a form that allows edits). */
  after?: unknown;
}

/** The second argument of onSubmit. */
export interface SubmitContext {
  /** Steps skipped with their Skip button; send them as `skippedSteps`. */
  skippedSteps: readonly string[];
}

/** Props of FormRenderer. */
export interface FormRendererProps {
  /** A checked definition (spec 2): the server checks every definition at publish. */
  definition: FormDefinition;
  /**
   * Called with the accepted values once the engine finds no problem. Resolve for success; reject with a
   * SubmitError to show server problems on their fields or a retry offer.
   */
  onSubmit: (values: Record<string, unknown>, context: SubmitContext) => unknown;
  /** Renderers for custom types (and overrides of built-in ones), by `type`. */
  components?: Record<string, FieldComponent>;
  /** Option sources named by fields' `optionsFrom`. */
  optionsProviders?: Record<string, OptionsProvider>;
  /** Custom rules named by `validation.validator`. */
  validators?: ValidatorRegistry;
  initialValues?: Values;
  /**
   * One question per screen: the first question takes the focus when the form appears (the page's own form, as
   * Typeform does; never in an embed, where it would take the focus from the host page).
   */
  focusFirst?: boolean;
  /**
   * The pictures the definition names (`image` of fields and options), by that address: where each loads
   * from and its size. Without it an address loads as it is, without a size.
   */
  images?: Readonly<Record<string, FormImage>>;
  /** The cancel button; without it, cancel starts the form over (after asking, when answers were typed). */
  onCancel?: () => void;
  success?: SuccessOptions;
  /** Where file fields upload as soon as a file is chosen; without it a file field's value is the file's name. */
  uploads?: UploadTarget;
  /** Level of the step headings (default 2). */
  headingLevel?: 2 | 3 | 4;
  /**
   * Shows the definition's title (and description) above the form. Off by default: spec 2.1 leaves the
   * title to the host page; the hosted page prints its own, an inline embed may ask for it.
   */
  showTitle?: boolean;
  /** Called once when the person gives a first answer (again after "Submit another response"). */
  onStart?: () => void;
  /** Called with a step's id each time that step is shown (the first one included). */
  onStep?: (stepId: string) => void;
  /** Told which questions are shown and which were left forward, answered or skipped (question-funnel.ts). */
  onQuestion?: QuestionReport;
  /** Called with the resolved values (calculation results included) after each change; the builder's preview. */
  onValues?: (values: Readonly<Record<string, unknown>>) => void;
  /**
   * Where answers are kept in localStorage as they are typed, and restored from on the next visit (within
   * 7 days) with a "Start over" control; never passwords or files. Nothing is kept without it, or when
   * the definition's `save_progress` is false. The hosted page and the embeds use one key per form.
   */
  saveProgressKey?: string;
}

/** Props of Field, given by the renderer. */
export interface FieldBoxProps {
  field: FormField;
  id: string;
  value: unknown;
  values: Values;
  error?: string;
  components?: Record<string, FieldComponent>;
  optionsProviders?: Record<string, OptionsProvider>;
  onChange(key: string, value: unknown): void;
  onCommit(key: string): void;
  /** Only the page without script sets it (client/hosted/no-script-form.ts): see ControlProps. */
  nativeRequired?: boolean;
}
