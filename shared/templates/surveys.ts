// The survey templates of "New form": Net Promoter Score, customer satisfaction (CSAT) and product
// feedback, with the questions survey tools ask (Formbricks' NPS, CSAT and "Collect feedback" templates
// were the model: the NPS question and its follow-ups, the 1-to-5 satisfaction scale with a follow-up
// for the unhappy, a star rating that routes to "what did you like" or "what did you not like"). Each is
// a whole, valid definition; test/shared/templates.test.ts walks their routes.
import type { FormDefinition } from '../definition/schema.ts';

/** The NPS question, routed: detractors (0 to 6) are asked what to do better, the others what they like. */
export const npsSurvey: FormDefinition = {
  id: 'nps',
  title: 'Net Promoter Score survey',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'score',
      title: 'Your score',
      fields: [
        {
          key: 'nps',
          type: 'nps',
          label: 'How likely are you to recommend us to a friend or colleague?',
          validation: { required: true },
        },
      ],
      routes: [{ to: 'improve', show: [{ field: 'nps', lt: 7 }] }],
    },
    {
      id: 'reason',
      title: 'Why this score',
      fields: [{ key: 'reason', type: 'textarea', label: 'What is the main reason for your score?', rows: 3 }],
      routes: [{ to: 'comments' }],
    },
    {
      id: 'improve',
      title: 'What we could do better',
      fields: [
        {
          key: 'improve',
          type: 'textarea',
          label: 'We are sorry to hear that. What is the one thing we could do better?',
          rows: 3,
        },
      ],
    },
    {
      id: 'comments',
      title: 'Anything else',
      fields: [{ key: 'comments', type: 'textarea', label: 'Any other comments, feedback or concerns?', rows: 3 }],
    },
  ],
};

/** Customer satisfaction on a 1-to-5 scale; a score of 3 or less also asks what went wrong. */
export const csatSurvey: FormDefinition = {
  id: 'csat',
  title: 'Customer satisfaction survey',
  submit: { label: 'Send' },
  fields: [
    {
      key: 'satisfaction',
      type: 'scale',
      label: 'How satisfied are you with your experience?',
      scale: { min: 1, max: 5, minLabel: 'Very dissatisfied', maxLabel: 'Very satisfied' },
      validation: { required: true },
    },
    {
      key: 'went_wrong',
      type: 'textarea',
      label: 'We are sorry. What went wrong?',
      rows: 3,
      show: [{ field: 'satisfaction', lte: 3 }],
    },
    {
      key: 'improve',
      type: 'textarea',
      label: 'Is there anything we can do to improve your experience?',
      rows: 3,
    },
  ],
};

/** The parts of the product the matrix asks about, and the answers each row offers (scored 1 to 4). */
const productParts = ['Ease of use', 'Reliability', 'Speed', 'Customer support'];
const grades = ['Poor', 'Fair', 'Good', 'Excellent'];
const value = (label: string) => label.toLowerCase().replace(/ /g, '_');

/**
 * Product feedback: a star rating routes a low one (1 or 2) to "what did you not like", the rest to "what
 * did you like"; then a matrix of the product's parts, a ranking of what matters most, and where they
 * heard of it.
 */
export const productFeedbackSurvey: FormDefinition = {
  id: 'product_feedback',
  title: 'Product feedback',
  submit: { label: 'Send feedback' },
  steps: [
    {
      id: 'overall',
      title: 'Your experience',
      fields: [
        {
          key: 'overall',
          type: 'rating',
          label: 'How do you rate your overall experience?',
          helperText: 'Do not worry, be honest.',
          scale: { max: 5, icon: 'star', minLabel: 'Not good', maxLabel: 'Very good' },
          validation: { required: true },
        },
      ],
      routes: [{ to: 'dislikes', show: [{ field: 'overall', lte: 2 }] }],
    },
    {
      id: 'likes',
      title: 'What you liked',
      fields: [{ key: 'likes', type: 'textarea', label: 'Lovely! What did you like about it?', rows: 3 }],
      routes: [{ to: 'details' }],
    },
    {
      id: 'dislikes',
      title: 'What you did not like',
      fields: [{ key: 'dislikes', type: 'textarea', label: 'Thanks for sharing. What did you not like?', rows: 3 }],
    },
    {
      id: 'details',
      title: 'A few details',
      fields: [
        {
          key: 'parts',
          type: 'matrix',
          label: 'How would you rate these parts of the product?',
          matrix: {
            rows: productParts.map((label) => ({ value: value(label), label })),
            columns: grades.map((label, i) => ({ value: value(label), label, score: i + 1 })),
          },
        },
        {
          key: 'priorities',
          type: 'ranking',
          label: 'What matters most to you? Put them in order.',
          options: ['Price', 'Features', 'Ease of use', 'Support'].map((label) => ({ value: value(label), label })),
        },
        {
          key: 'heard_from',
          type: 'radio',
          label: 'How did you hear about us?',
          options: ['Search engine', 'Social media', 'Friends', 'Podcast', 'Other'].map((label) => ({
            value: value(label),
            label,
          })),
        },
        {
          key: 'email',
          type: 'email',
          label: 'We would love to reply to your feedback. Your email (optional):',
          placeholder: 'you@example.com',
        },
      ],
    },
  ],
};
