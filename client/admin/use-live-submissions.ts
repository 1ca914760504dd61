// New submissions of a form as they are stored, from the submissions.onCreated subscription.
import { useEffect, useRef } from 'preact/hooks';
import { trpc } from './trpc.ts';

/** The submission shape of spec 2.12. */
export interface Submission {
  id: string;
  form_version: number;
  created_at: string;
  values: Record<string, unknown>;
  values_contain_hidden_characters: boolean;
  /** The owner's marks (ARCHITECTURE.md Wave 4 "Tags and notes"). */
  tags: string[];
  note: string;
  status: SubmissionStatus;
}

/** An answer's status as the owner sets it. */
export type SubmissionStatus = 'new' | 'seen' | 'done';

/** Calls `onCreated` for each new submission of `formId` while the component is mounted. */
export function useLiveSubmissions(formId: string, onCreated: (s: Submission) => void) {
  // The latest callback, so the subscription (kept for the form's lifetime) never calls a stale one.
  const latest = useRef(onCreated);
  latest.current = onCreated;
  useEffect(() => {
    const sub = trpc.submissions.onCreated.subscribe({ formId }, { onData: (s) => latest.current(s as Submission) });
    return () => sub.unsubscribe();
  }, [formId]);
}
