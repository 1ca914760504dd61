// Two example definitions for definition_reference: one single-step form and one multi-step form with
// conditions and routes. The MCP test publishes both, so they stay valid.
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
