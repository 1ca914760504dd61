// Starting points for "New form" in the admin panel: each a whole, valid definition (spec 2.1-2.9)
// that the builder opens as a draft. A test checks each with checkDefinition, and that the
// application's route and condition change the respondent's path.
import type { FormDefinition } from '../definition/schema.ts';
import { churnSurvey, eventFeedback, featureRequest, productMarketFit, quiz } from './journeys.ts';
import { csatSurvey, npsSurvey, productFeedbackSurvey } from './surveys.ts';

/** One template: an id for the API, a name and a line for the picker, the definition it starts. */
export interface FormTemplate {
  id: string;
  name: string;
  description: string;
  definition: FormDefinition;
}

const blank: FormDefinition = {
  id: 'untitled',
  title: 'Untitled form',
  submit: { label: 'Submit' },
  fields: [{ key: 'answer', type: 'text', label: 'Your answer' }],
};

const contact: FormDefinition = {
  id: 'contact',
  title: 'Contact us',
  submit: { label: 'Send message' },
  fields: [
    { key: 'name', type: 'text', label: 'Name', validation: { required: true, maxLength: 100 } },
    {
      key: 'email',
      type: 'email',
      label: 'Email',
      placeholder: 'you@example.com',
      validation: { required: 'Please enter your email so we can reply' },
    },
    { key: 'message', type: 'textarea', label: 'Message', rows: 5, validation: { required: true, maxLength: 5000 } },
  ],
};

const signup: FormDefinition = {
  id: 'signup',
  title: 'Sign up',
  submit: { label: 'Sign me up' },
  fields: [
    { key: 'name', type: 'text', label: 'Full name', validation: { required: true } },
    { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
    {
      key: 'plan',
      type: 'select',
      label: 'Which plan interests you?',
      options: [
        { value: 'free', label: 'Free' },
        { value: 'team', label: 'Team' },
        { value: 'business', label: 'Business' },
      ],
    },
    { key: 'newsletter', type: 'checkbox', label: 'Send me occasional news', defaultValue: false },
  ],
};

const feedback: FormDefinition = {
  id: 'feedback',
  title: 'Feedback survey',
  submit: { label: 'Send feedback' },
  fields: [
    {
      key: 'recommend',
      type: 'nps',
      label: 'How likely are you to recommend us to a friend?',
      validation: { required: true },
    },
    {
      key: 'rating',
      type: 'rating',
      label: 'How would you rate us overall?',
      scale: { max: 5, icon: 'star' },
    },
    {
      key: 'used_for',
      type: 'radio',
      label: 'What do you use us for most?',
      options: [
        { value: 'work', label: 'Work' },
        { value: 'personal', label: 'Personal projects' },
        { value: 'study', label: 'Study' },
      ],
    },
    {
      key: 'heard_from',
      type: 'select',
      label: 'How did you hear about us?',
      options: [
        { value: 'friend', label: 'A friend' },
        { value: 'search', label: 'A search engine' },
        { value: 'social', label: 'Social media' },
        { value: 'other', label: 'Somewhere else' },
      ],
    },
    { key: 'comments', type: 'textarea', label: 'Anything else you would like to tell us?', rows: 4 },
  ],
};

const application: FormDefinition = {
  id: 'application',
  title: 'Job application',
  submit: { label: 'Send application' },
  steps: [
    {
      id: 'about',
      title: 'About you',
      fields: [
        { key: 'name', type: 'text', label: 'Full name', validation: { required: true } },
        { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
        {
          key: 'role',
          type: 'radio',
          label: 'Which role are you applying for?',
          validation: { required: true },
          options: [
            { value: 'designer', label: 'Designer' },
            { value: 'developer', label: 'Developer' },
          ],
        },
      ],
      routes: [
        { to: 'design', show: [{ field: 'role', eq: 'designer' }] },
        { to: 'development', show: [{ field: 'role', eq: 'developer' }] },
      ],
    },
    {
      id: 'design',
      title: 'Design questions',
      fields: [
        {
          key: 'portfolio',
          type: 'text',
          label: 'Link to your portfolio',
          inputMode: 'text',
          validation: { required: true },
        },
        {
          key: 'design_tools',
          type: 'multiselect',
          label: 'Tools you use',
          options: [
            { value: 'figma', label: 'Figma' },
            { value: 'sketch', label: 'Sketch' },
            { value: 'other', label: 'Other' },
          ],
        },
      ],
      routes: [{ to: 'finish' }],
    },
    {
      id: 'development',
      title: 'Development questions',
      fields: [
        {
          key: 'years',
          type: 'number',
          label: 'Years of experience',
          inputMode: 'numeric',
          validation: { required: true, min: 0, max: 60 },
        },
        { key: 'github', type: 'text', label: 'GitHub profile (optional)' },
      ],
    },
    {
      id: 'finish',
      title: 'Almost done',
      fields: [
        { key: 'start', type: 'date', label: 'When could you start?' },
        { key: 'relocate', type: 'switch', label: 'I would relocate for this job', defaultValue: false },
        {
          key: 'relocate_where',
          type: 'text',
          label: 'Where would you like to live?',
          show: [{ field: 'relocate', eq: true }],
        },
      ],
    },
  ],
};

/** The templates offered by "New form", blank first. */
export const formTemplates: FormTemplate[] = [
  { id: 'blank', name: 'Blank form', description: 'One short answer field to start from.', definition: blank },
  { id: 'contact', name: 'Contact form', description: 'Name, email and a message.', definition: contact },
  { id: 'signup', name: 'Sign-up', description: 'Name, email, a plan and a newsletter opt-in.', definition: signup },
  {
    id: 'feedback',
    name: 'Feedback survey',
    description: 'How likely they are to recommend you (0 to 10), stars, multiple choice, a dropdown and comments.',
    definition: feedback,
  },
  {
    id: 'nps',
    name: 'NPS survey',
    description: 'Net Promoter Score: 0 to 10, then what to do better (0 to 6) or what they like, and comments.',
    definition: npsSurvey,
  },
  {
    id: 'csat',
    name: 'Customer satisfaction (CSAT)',
    description: 'Satisfaction from 1 to 5; a low score asks what went wrong.',
    definition: csatSurvey,
  },
  {
    id: 'product_feedback',
    name: 'Product feedback',
    description: 'A star rating with its follow-up, a grid of the product’s parts, a ranking of what matters most.',
    definition: productFeedbackSurvey,
  },
  {
    id: 'product_market_fit',
    name: 'Product-market fit',
    description: 'How disappointed people would be without your product; an intro and a consent paragraph.',
    definition: productMarketFit,
  },
  {
    id: 'churn',
    name: 'Churn survey',
    description: 'Why they cancelled: each reason gets its follow-up, and “too expensive” ends on an offer.',
    definition: churnSurvey,
  },
  {
    id: 'quiz',
    name: 'Quiz',
    description: 'Three scored questions, one per screen; the ending says “You passed” or “Try again”.',
    definition: quiz,
  },
  {
    id: 'feature_request',
    name: 'Feature request',
    description: 'The idea, how much it matters (1 to 5) and how often it would be used.',
    definition: featureRequest,
  },
  {
    id: 'event_feedback',
    name: 'Event feedback',
    description: 'Stars, a grid of talks, venue, food and networking; a low score is asked what to change.',
    definition: eventFeedback,
  },
  {
    id: 'application',
    name: 'Job application',
    description: 'Four steps: questions change with the role chosen, and a field appears only when needed.',
    definition: application,
  },
];
