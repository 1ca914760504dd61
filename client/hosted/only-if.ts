// The hint the page without script adds to a conditional field's help and to a step some answers pass
// (no-script-form.ts): nothing there can follow the answers. The light page, which does, takes it off again
// (light/steps.ts).

/** The hint, after the text it is added to (a space between). */
export const ONLY_IF = 'Only if it applies to your answers above.';
