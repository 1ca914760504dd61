// Example definitions for definition_reference: a single-step form, a multi-step form with conditions
// and routes, and a quiz with calculations and piping. The MCP test publishes each, so they stay valid.
import type { FormDefinition } from '../../shared/engine/index.ts';

/** A single-step contact form: validation rules, options and a field shown by a condition. */
export const contactExample: FormDefinition = {
  id: 'contact',
  title: 'Contact us',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name', validation: { required: true, maxLength: 100 } },
    { key: 'email', type: 'email', label: 'Email', validation: { required: 'We need an address to answer you' } },
    {
      key: 'topic',
      type: 'select',
      label: 'Topic',
      options: [
        { value: 'sales', label: 'Sales' },
        { value: 'support', label: 'Support' },
        { value: 'other', label: 'Something else' },
      ],
      validation: { required: true },
    },
    {
      key: 'topicOther',
      type: 'text',
      label: 'What about?',
      show: [{ field: 'topic', eq: 'other' }],
      validation: { required: true },
    },
    {
      key: 'order',
      type: 'text',
      label: 'Order number',
      placeholder: 'AB-12345',
      validation: { pattern: '^[A-Z]{2}-\\d{5}$', patternMessage: 'Looks like AB-12345' },
      showAny: [{ field: 'topic', in: ['sales', 'support'] }],
    },
    { key: 'message', type: 'textarea', label: 'Message', rows: 5, validation: { required: true, minLength: 10 } },
    { key: 'newsletter', type: 'checkbox', label: 'Send me the newsletter', defaultValue: false },
  ],
};

/** A three-step RSVP: a route skips the details step for a "no", and the last step shows only then. */
export const rsvpExample: FormDefinition = {
  id: 'rsvp',
  title: 'Summer party RSVP',
  submit: { label: 'Send RSVP' },
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { key: 'name', type: 'text', label: 'Name', validation: { required: true } },
        {
          key: 'attending',
          type: 'radio',
          label: 'Are you coming?',
          autoAdvance: true,
          options: [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ],
          validation: { required: true },
        },
      ],
      routes: [{ to: 'regrets', show: [{ field: 'attending', eq: 'no' }] }],
    },
    {
      id: 'details',
      title: 'Details',
      fields: [
        {
          key: 'guests',
          type: 'number',
          label: 'Extra guests',
          defaultValue: 0,
          validation: { min: 0, max: 3, maxMessage: 'At most 3 guests' },
        },
        {
          key: 'diet',
          type: 'multiselect',
          label: 'Dietary needs',
          options: [
            { value: 'vegetarian', label: 'Vegetarian' },
            { value: 'vegan', label: 'Vegan' },
            { value: 'gluten-free', label: 'Gluten-free' },
          ],
        },
        { key: 'arrival', type: 'date', label: 'Arrival day' },
      ],
      routes: [{ to: null }],
    },
    {
      id: 'regrets',
      title: 'Sorry to miss you',
      show: [{ field: 'attending', eq: 'no' }],
      fields: [{ key: 'note', type: 'textarea', label: 'Anything you want to tell us?' }],
    },
  ],
};

/**
 * A quiz (Wave 3 "Answers that flow"): option scores, a calculation, a hidden field filled from the
 * page's query (`?ref=newsletter`), a url field and piping into a label and a step title.
 */
export const quizExample: FormDefinition = {
  id: 'quiz',
  title: 'Web quiz',
  submit: { label: 'See my score' },
  steps: [
    {
      id: 'you',
      title: 'About you',
      fields: [
        { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
        { key: 'site', type: 'url', label: 'Your website (optional)' },
        { key: 'ref', type: 'hidden', label: 'Came from', defaultValue: 'direct' },
      ],
    },
    {
      id: 'questions',
      title: 'Two questions for {{name}}',
      fields: [
        {
          key: 'q1',
          type: 'radio',
          label: 'What does HTML stand for?',
          options: [
            { value: 'hyper', label: 'HyperText Markup Language', score: 1 },
            { value: 'home', label: 'Home Tool Markup Language', score: 0 },
          ],
          validation: { required: true },
        },
        {
          key: 'q2',
          type: 'multiselect',
          label: 'Which are CSS units?',
          options: [
            { value: 'px', label: 'px', score: 1 },
            { value: 'rem', label: 'rem', score: 1 },
            { value: 'pt2', label: 'pt2', score: -1 },
          ],
        },
      ],
    },
  ],
  calculations: [
    { key: 'score', formula: 'score(q1) + score(q2)', label: 'Score' },
    { key: 'grade', formula: 'if(score >= 3, "Expert", if(score >= 1, "Getting there", "Beginner"))' },
  ],
};
