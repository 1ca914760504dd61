// The 50-field form whose first render the issue bounds (issue 22: under 30 ms in Chromium): every field
// type in turn, options, helper texts, required fields and conditions. The renderer's browser suite shows
// it (and checks what is visible); `npm run bench render` times it. One definition, so both see the same form.

const types = ['text', 'email', 'number', 'select', 'radio', 'checkbox', 'textarea', 'date', 'multiselect', 'phone'];
const options = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
  { value: 'c', label: 'Gamma' },
];

/** How many of the 50 fields start hidden: every seventh from the fourth shows only once f0 has a value. */
export const FIFTY_FIELDS_HIDDEN = Array.from({ length: 50 }, (_, i) => i).filter((i) => i % 7 === 3).length;

/** The 50-field form definition, ready to publish with POST /v1/forms. */
export function fiftyFieldsDefinition() {
  const fields = Array.from({ length: 50 }, (_, i) => {
    const type = types[i % types.length];
    return {
      key: `f${i}`,
      type,
      label: `Field ${i + 1}`,
      helperText: i % 3 ? undefined : 'Some help',
      ...(['select', 'radio', 'multiselect'].includes(type) ? { options } : {}),
      ...(i % 4 === 0 ? { validation: { required: true } } : {}),
      ...(i % 7 === 3 ? { show: [{ field: 'f0', notEmpty: true }] } : {}),
    };
  });
  return { id: 'big', title: 'Big', submit: { label: 'Send' }, fields };
}

/** The wave-4 types, in the order fiftyFieldsWithSurveyTypes gives them to fields. */
const surveyTypes = ['rating', 'scale', 'nps', 'matrix', 'ranking', 'signature', 'time', 'picture', 'statement'];
const grid = {
  rows: ['speed', 'price', 'help'].map((value) => ({ value, label: `Row ${value}` })),
  columns: ['bad', 'ok', 'good'].map((value) => ({ value, label: `Column ${value}` })),
};

/**
 * The same 50 fields with every fifth (from the third: ten fields) of a wave-4 type in turn, so each of them
 * is on the page; a picture's options name `/i/red` and `/i/blue`, which a publisher replaces with uploads.
 */
export function fiftyFieldsWithSurveyTypes() {
  const form = fiftyFieldsDefinition();
  let n = 0;
  const fields = form.fields.map((f, i) => {
    if (i % 5 !== 2) return f;
    const type = surveyTypes[n++ % surveyTypes.length];
    const { options: _o, validation, helperText, ...rest } = f;
    const field: Record<string, unknown> = { ...rest, type };
    if (type === 'statement') return { ...field, body: 'Some **text** between the questions.' };
    if (validation) field.validation = validation;
    if (helperText) field.helperText = helperText;
    if (type === 'matrix') field.matrix = grid;
    if (type === 'ranking') field.options = options;
    if (type === 'picture')
      field.options = ['red', 'blue'].map((value) => ({ value, label: value, image: `/i/${value}` }));
    return field;
  });
  return { ...form, id: 'big_survey', fields };
}
