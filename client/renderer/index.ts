// The renderer's public surface: FormRenderer, the error type onSubmit rejects with, the server
// problem mapper, and the types of props, field components and option providers.
export { FormRenderer } from './form-renderer.ts';
export { SubmitError } from './submit-error.ts';
export { mapServerProblems, type MappedProblems } from './server-problems.ts';
export { defaultSuccessMessage } from './success/success.ts';
export type {
  FieldComponent,
  FieldProps,
  FormImage,
  FormRendererProps,
  OptionsProvider,
  SubmitContext,
  SuccessOptions,
  UploadTarget,
} from './types.ts';
export type { FormDefinition, FormField, FieldOption, ValidatorRegistry } from './engine.ts';
