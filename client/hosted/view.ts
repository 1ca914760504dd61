// The public view of a form, as GET /v1/f/{id}/definition answers it (server/core/public-forms.ts).
import type { FormDefinition } from '../renderer/engine.ts';

/** What the hosted page and the embed need to show a form and post to it. */
export interface PublicFormView {
  form_id: string;
  version: number;
  definition: FormDefinition;
  state: 'open' | 'paused' | 'expired' | 'closed';
  /** What a closed form shows instead of itself (the owner's words, or the default). */
  closed_message?: string;
  unclaimed: boolean;
  success_message: string;
  redirect_url: string;
  allow_another_response: boolean;
  /** The form's look (accent, radius, font, light/dark); absent from older servers. */
  theme?: Record<string, unknown>;
  endpoint?: string;
  render_token: string;
  /** The largest file one upload may be (FORMSTEAD_UPLOAD_MAX_MB). */
  upload_max_bytes?: number;
}

/** The notice shown instead of the form when it takes no answers. */
export const closedNotices = {
  paused: 'This form is paused and is not accepting responses right now.',
  expired: 'This form has expired and no longer accepts responses.',
  closed: 'This form is closed and no longer accepts responses.',
} as const;
