// Sends one signed test payload (not retried, not logged) and says in words how it went.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { testResultText } from './delivery-words.ts';

type Result = Awaited<ReturnType<typeof trpc.webhooks.test.mutate>>;

/** The test button and its last result. */
export function TestSend({ formId }: { formId: string }) {
  const [result, setResult] = useState<Result | undefined>();
  const test = useAction(() => trpc.webhooks.test.mutate({ formId }));
  const send = async () => setResult(await test.run());
  return html`<div class="test-send">
    <button type="button" disabled=${test.busy} onClick=${send}>${test.busy ? 'Sending…' : 'Send test'}</button>
    ${result && html`<p role="status" class=${result.ok ? 'ok' : 'bad'}>${testResultText(result)}</p>`}
    <${ErrorList} error=${test.error} />
  </div>`;
}
