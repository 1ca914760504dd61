// The Slack and Discord messages of one response: one delivery per chat address the form has, written
// with the submission (docs/webhooks.md "Slack and Discord").
import type { FormDefinition } from '../../../shared/engine/index.ts';
import { newId } from '../ids.ts';
import { answerPairs } from '../mail/answers-text.ts';
import type { FormRecord, NewDelivery } from '../store/types.ts';
import { deliversWebhooks } from '../unclaimed.ts';
import { chatMessage } from './chat-message.ts';
import { storedEnvelope } from '../../../shared/crypto/envelope-shape.ts';
import { isEncrypted } from '../encryption/setting.ts';

/** What the messages tell about the response. */
export interface ChatSubmission {
  id: string;
  values: Record<string, unknown>;
  createdAt: string;
}

/** Whether the form sends responses to Slack or Discord (claimed forms only, like webhooks). */
export const sendsChat = (form: FormRecord): boolean =>
  deliversWebhooks(form) && (form.slackWebhookUrl !== '' || form.discordWebhookUrl !== '') && !isEncrypted(form);

/** One delivery per chat address of the form, due at `nextAttemptAt`; none for an unclaimed form. */
export function chatDeliveries(
  form: FormRecord,
  definition: FormDefinition | undefined,
  submission: ChatSubmission,
  publicUrl: string,
  nextAttemptAt = submission.createdAt,
): NewDelivery[] {
  // An encrypted answer has nothing a chat message could show (and an encrypted form sends none).
  if (!sendsChat(form) || storedEnvelope(submission.values)) return [];
  const input = {
    formTitle: form.title,
    answers: answerPairs(definition, submission.values, { fileNote: 'download it in Formstead' }),
    link: `${publicUrl}/admin/forms/${encodeURIComponent(form.id)}/submissions/${encodeURIComponent(submission.id)}`,
    createdAt: submission.createdAt,
  };
  const channels = [
    ...(form.slackWebhookUrl !== '' ? (['slack'] as const) : []),
    ...(form.discordWebhookUrl !== '' ? (['discord'] as const) : []),
  ];
  return channels.map((channel) => ({ id: newId(), channel, payload: chatMessage(channel, input), nextAttemptAt }));
}
