// The answers table for a form whose answers may be encrypted: each encrypted answer is opened in this browser
// when its key is unlocked in this tab and shown like any other; otherwise its cells say "Encrypted — unlock to
// read" (or why it cannot be opened).
import type { ComponentProps } from 'preact';
import { html } from '../../renderer/html.ts';
import { SubmissionRows } from '../submissions/submission-rows.ts';
import { envelopeOf, type Opened, useOpenedAnswers } from './opened-answers.ts';
import { unlockedKey } from './unlocked-keys.ts';

/** What an encrypted answer shows while it is not open. */
export const LOCKED_WORDS = 'Encrypted — unlock to read';

/** The words for an answer that is not (yet) open. */
export function sealedWords(opened: Opened | undefined, keyId: string): string {
  if (opened?.state === 'failed') return `This answer cannot be opened: ${opened.reason}.`;
  return unlockedKey(keyId) ? 'Opening…' : LOCKED_WORDS;
}

/** SubmissionRows with encrypted answers opened where a key allows. */
export function OpenedRows(props: ComponentProps<typeof SubmissionRows>) {
  const opened = useOpenedAnswers(props.formId, props.rows);
  const sealed = new Map<string, string>();
  const rows = props.rows.map((s) => {
    const envelope = envelopeOf(s);
    if (!envelope) return s;
    const o = opened.get(s.id);
    if (o?.state === 'open') return { ...s, values: o.values };
    sealed.set(s.id, sealedWords(o, envelope.kid));
    return { ...s, values: s.values ?? {} };
  });
  return html`<${SubmissionRows} ...${props} rows=${rows} sealed=${sealed} />`;
}
