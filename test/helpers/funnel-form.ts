// The routed feedback survey of the funnel tests (issue 34): everyone answers "About you" (a name and an NPS
// score); promoters (9 or 10) are routed to "What did you like", everyone else to "What went wrong", which
// ends the form. So a promoter never reaches "What went wrong" and must never be counted as lost on it.

/** The survey, `layout` classic unless given. */
export function funnelDefinition(layout: 'classic' | 'one_per_screen' = 'classic') {
  return {
    id: 'feedback',
    title: 'Feedback',
    layout,
    submit: { label: 'Send' },
    steps: [
      {
        id: 'about',
        title: 'About you',
        fields: [
          { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
          { key: 'nps', type: 'nps', label: 'How likely are you to recommend us?', validation: { required: true } },
          { key: 'ref', type: 'hidden', label: 'Campaign' },
        ],
        routes: [{ to: 'liked', show: [{ field: 'nps', gte: 9 }] }],
      },
      {
        id: 'wrong',
        title: 'What went wrong',
        fields: [
          { key: 'intro', type: 'statement', label: 'Sorry to hear that' },
          { key: 'wrong', type: 'textarea', label: 'What went wrong?' },
        ],
        routes: [{ to: null }],
      },
      {
        id: 'liked',
        title: 'What did you like',
        fields: [{ key: 'liked', type: 'textarea', label: 'What did you like?' }],
      },
    ],
  };
}
