// A claimed form with every Wave 4 question type that has an answer, and a full answer to it (a signature
// uploaded as a real PNG), for the suites of what owners do with answers: exports, PDF, mail, chat, summary.
import { rawUpload } from './files.ts';
import { call } from './api.ts';
import { signaturePng } from './png.ts';

/** The survey: a name, a rating out of 5, a 0-10 scale, an nps, a 2x3 matrix, a ranking, a signature, a time. */
export const surveyDefinition = {
  id: 'survey',
  title: 'Café survey',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Name' },
    { key: 'intro', type: 'statement', label: 'A few questions', body: 'It takes **a minute**.' },
    { key: 'stars', type: 'rating', label: 'Stars for {{name}}' },
    { key: 'ease', type: 'scale', label: 'Ease', scale: { min: 0, max: 10 } },
    { key: 'nps', type: 'nps', label: 'Recommend us' },
    {
      key: 'grid',
      type: 'matrix',
      label: 'Service',
      matrix: {
        rows: [
          { value: 'speed', label: 'Speed' },
          { value: 'taste', label: 'Taste' },
        ],
        columns: [
          { value: 'bad', label: 'Bad' },
          { value: 'ok', label: 'Fine' },
          { value: 'good', label: 'Good' },
        ],
      },
    },
    {
      key: 'order',
      type: 'ranking',
      label: 'Favourites',
      options: [
        { value: 'a', label: 'Apples' },
        { value: 'b', label: 'Bananas' },
        { value: 'c', label: 'Cherries' },
      ],
    },
    { key: 'sign', type: 'signature', label: 'Signature' },
    { key: 'at', type: 'time', label: 'Arrival' },
  ],
};

/** The full answer's values (the signature is added as its upload id). */
export const surveyValues = {
  name: 'Zoë',
  stars: 4,
  ease: 7,
  nps: 8,
  grid: { speed: 'good', taste: 'bad' },
  order: ['b', 'c', 'a'],
  at: '09:30',
};

/**
 * Publishes the survey with `key`, runs `prepare` (settings to make before the answer), then posts one full
 * answer; answers the form and submission ids.
 */
export async function publishSurvey(
  base: string,
  key: string,
  prepare: (formId: string) => Promise<void> = async () => {},
): Promise<{ formId: string; answerId: string }> {
  const published = await call(base, 'POST', '/v1/forms', { key, body: { definition: surveyDefinition } });
  if (published.status !== 201) throw new Error(`publish: ${published.status} ${published.text}`);
  const formId = published.json.form_id;
  await prepare(formId);
  const up = await rawUpload(base, formId, 'sign', signaturePng(), 'signature.png', 'image/png');
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${up.text}`);
  const sent = await call(base, 'POST', `/v1/f/${formId}`, {
    body: { values: { ...surveyValues, sign: up.json.upload_id } },
  });
  if (sent.status !== 201) throw new Error(`submit: ${sent.status} ${sent.text}`);
  return { formId, answerId: sent.json.id };
}
