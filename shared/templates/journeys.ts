// Five more survey templates of "New form", modelled on Formbricks' templates (issue 33): product-market fit
// (the Superhuman question, after an intro and a consent paragraph), a churn survey whose reason picks the
// follow-up and the ending, a scored quiz one question per screen, a feature request and an event's
// feedback. They use what wave 4 added: statements for intros and consent (Markdown with a link), endings
// chosen by the answers (or by a score), ratings, scales and a matrix. None carries a picture: a picture's
// address must be an image uploaded to the same form, which a template cannot hold (docs/decisions.md).
// Each is a whole, valid definition; test/shared/templates.test.ts walks their paths and endings.
import type { FormDefinition } from '../definition/schema.ts';

/** Option values from their labels: lower case, words joined by "_". */
const options = (...labels: string[]) =>
  labels.map((label) => ({
    value: label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/_$/, ''),
    label,
  }));

/** The consent paragraph several templates end with: what happens to the answers, linked to the policy. */
const consent = {
  key: 'privacy',
  type: 'statement',
  label: 'How we use your answers',
  body:
    'We read every answer to improve the product and keep them for a year. ' +
    'Read our [privacy policy](https://example.com/privacy) to learn more.',
};

/** Product-market fit (the Superhuman survey): how disappointed people would be without the product. */
export const productMarketFit: FormDefinition = {
  id: 'product_market_fit',
  title: 'Product-market fit survey',
  submit: { label: 'Send' },
  fields: [
    {
      key: 'intro',
      type: 'statement',
      label: 'You are one of our most active users',
      body: 'Do you have **two minutes**? A few questions help us decide what to build next.',
    },
    {
      key: 'disappointed',
      type: 'radio',
      label: 'How disappointed would you be if you could no longer use our product?',
      options: options('Very disappointed', 'Somewhat disappointed', 'Not disappointed'),
      validation: { required: true },
    },
    {
      key: 'role',
      type: 'radio',
      label: 'What is your role?',
      options: options('Founder', 'Executive', 'Product manager', 'Software engineer', 'Other'),
    },
    {
      key: 'main_benefit',
      type: 'textarea',
      label: 'What is the main benefit you get from our product?',
      rows: 3,
      validation: { required: true },
    },
    { key: 'who_benefits', type: 'textarea', label: 'Who do you think would benefit most from it?', rows: 2 },
    { key: 'improve', type: 'textarea', label: 'How can we improve it for you?', rows: 3 },
    consent,
    {
      key: 'consent',
      type: 'checkbox',
      label: 'I have read how my answers are used',
      validation: { required: 'Please confirm you have read how your answers are used' },
    },
  ],
  endings: [
    {
      id: 'fan',
      message: '**People like you** are why we build it. We will tell you first about what comes next.',
      show: [{ field: 'disappointed', eq: 'very_disappointed' }],
    },
    {
      id: 'not_yet',
      message: 'We read every answer about what to improve: this one too.',
    },
  ],
};

/** Churn: the reason for cancelling picks the follow-up; "too expensive" ends on an offer. */
export const churnSurvey: FormDefinition = {
  id: 'churn',
  title: 'Why did you cancel?',
  submit: { label: 'Send' },
  steps: [
    {
      id: 'reason',
      title: 'Sorry to see you go',
      description: 'Help us do better: it takes a minute.',
      fields: [
        {
          key: 'reason',
          type: 'radio',
          label: 'Why did you cancel your subscription?',
          options: options(
            'Difficult to use',
            'It is too expensive',
            'I am missing features',
            'Poor customer service',
            'I just did not need it anymore',
          ),
          validation: { required: true },
        },
      ],
      routes: [
        { to: 'difficult', show: [{ field: 'reason', eq: 'difficult_to_use' }] },
        { to: 'features', show: [{ field: 'reason', eq: 'i_am_missing_features' }] },
        { to: 'service', show: [{ field: 'reason', eq: 'poor_customer_service' }] },
        { to: null },
      ],
    },
    {
      id: 'difficult',
      title: 'What was difficult',
      fields: [
        {
          key: 'easier',
          type: 'textarea',
          label: 'What would have made it easier to use?',
          rows: 3,
          validation: { required: true },
        },
      ],
      routes: [{ to: null }],
    },
    {
      id: 'features',
      title: 'What was missing',
      fields: [
        {
          key: 'missing',
          type: 'textarea',
          label: 'Which features were you missing?',
          rows: 3,
          validation: { required: true },
        },
      ],
      routes: [{ to: null }],
    },
    {
      id: 'service',
      title: 'Our service',
      fields: [
        {
          key: 'service_better',
          type: 'textarea',
          label: 'How could we have done better?',
          rows: 3,
          validation: { required: true },
        },
      ],
    },
  ],
  endings: [
    {
      id: 'offer',
      message:
        '**Before you go:** we would like to offer you 30 % off the next year. ' +
        '[Claim the offer](https://example.com/offer).',
      show: [{ field: 'reason', eq: 'it_is_too_expensive' }],
    },
    { id: 'goodbye', message: 'We are sorry to see you go. You are welcome back any time.' },
  ],
};

/** A three-question quiz, one question per screen: each right answer scores 1; 2 of 3 passes. */
export const quiz: FormDefinition = {
  id: 'quiz',
  title: 'Quick quiz',
  layout: 'one_per_screen',
  submit: { label: 'See my result' },
  fields: [
    {
      key: 'welcome',
      type: 'statement',
      label: 'Three questions, one point each',
      body: 'Answer **two of three** right to pass.',
    },
    {
      key: 'q_capital',
      type: 'radio',
      label: 'What is the capital of Australia?',
      options: [
        { value: 'sydney', label: 'Sydney', score: 0 },
        { value: 'canberra', label: 'Canberra', score: 1 },
        { value: 'melbourne', label: 'Melbourne', score: 0 },
      ],
      validation: { required: true },
    },
    {
      key: 'q_planet',
      type: 'radio',
      label: 'Which planet is the largest?',
      options: [
        { value: 'saturn', label: 'Saturn', score: 0 },
        { value: 'jupiter', label: 'Jupiter', score: 1 },
        { value: 'neptune', label: 'Neptune', score: 0 },
      ],
      validation: { required: true },
    },
    {
      key: 'q_water',
      type: 'radio',
      label: 'At what temperature does water boil at sea level?',
      options: [
        { value: 'c90', label: '90 °C', score: 0 },
        { value: 'c100', label: '100 °C', score: 1 },
        { value: 'c120', label: '120 °C', score: 0 },
      ],
      validation: { required: true },
    },
  ],
  calculations: [{ key: 'points', formula: 'score(q_capital) + score(q_planet) + score(q_water)', label: 'Points' }],
  endings: [
    { id: 'passed', message: '**You passed** with {{points}} of 3 points.', show: [{ field: 'points', gte: 2 }] },
    { id: 'try_again', message: 'You scored {{points}} of 3. **Try again**: you need 2 to pass.' },
  ],
};

/** A feature request: the idea, how much it matters and how often it would be used; contact optional. */
export const featureRequest: FormDefinition = {
  id: 'feature_request',
  title: 'Request a feature',
  submit: { label: 'Send request' },
  fields: [
    {
      key: 'idea',
      type: 'textarea',
      label: 'What would you like us to build?',
      helperText: 'Tell us the problem it solves, not only the solution.',
      rows: 4,
      validation: { required: true, maxLength: 2000 },
    },
    {
      key: 'importance',
      type: 'scale',
      label: 'How important is it for you?',
      scale: { min: 1, max: 5, minLabel: 'Nice to have', maxLabel: 'I need it' },
      validation: { required: true },
    },
    {
      key: 'frequency',
      type: 'radio',
      label: 'How often would you use it?',
      options: options('Every day', 'Every week', 'Every month', 'Rarely'),
    },
    { key: 'email', type: 'email', label: 'Your email, if we may ask you about it', placeholder: 'you@example.com' },
    consent,
  ],
  endings: [
    {
      id: 'priority',
      message: 'A request that matters this much goes **straight to our roadmap** review.',
      show: [{ field: 'importance', gte: 4 }],
    },
    { id: 'noted', message: 'We collect requests like yours and look at them every month.' },
  ],
};

/** The parts of an event the matrix asks about. */
const eventParts = options('Talks', 'Venue', 'Food', 'Networking');

/** Event feedback: stars, a grid of the event's parts; a low score is asked what to change. */
export const eventFeedback: FormDefinition = {
  id: 'event_feedback',
  title: 'Event feedback',
  submit: { label: 'Send feedback' },
  fields: [
    {
      key: 'intro',
      type: 'statement',
      label: 'Thank you for coming!',
      body: 'Tell us how it went so the next one is better.',
    },
    {
      key: 'overall',
      type: 'rating',
      label: 'How would you rate the event overall?',
      scale: { max: 5, icon: 'star' },
      validation: { required: true },
    },
    {
      key: 'parts',
      type: 'matrix',
      label: 'How was each part?',
      matrix: { rows: eventParts, columns: options('Poor', 'Fair', 'Good', 'Excellent') },
    },
    {
      key: 'change',
      type: 'textarea',
      label: 'What should we change for next time?',
      rows: 3,
      show: [{ field: 'overall', lte: 3 }],
    },
    { key: 'again', type: 'radio', label: 'Will you come to the next one?', options: options('Yes', 'Maybe', 'No') },
  ],
  endings: [
    {
      id: 'sorry',
      message:
        'We are sorry it fell short. [Write to the organisers](mailto:events@example.com) if you would like an answer.',
      show: [{ field: 'overall', lte: 2 }],
    },
    { id: 'see_you', message: '**See you at the next one.**' },
  ],
};
