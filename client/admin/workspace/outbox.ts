// Mail held in the outbox: without an SMTP server every mail lands here (and failed sends do too).
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Time } from '../common/time.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import { useQuery } from '../use-query.ts';

/** The outbox, newest first (instance owners). */
export function Outbox() {
  const outbox = useQuery(() => trpc.workspace.outbox.query(), []);
  if (outbox.error) return html`<${Section} title="Mail outbox"><${ErrorList} error=${outbox.error} /><//>`;
  const data = outbox.data;
  return html`<${Section} title="Mail outbox">
    ${
      data &&
      !data.smtp_configured &&
      html`<p class="muted">
        No SMTP server is configured (FORMSTEAD_SMTP_URL), so mail is kept here instead of sent.</p>`
    }
    ${data && data.mails.length === 0 && html`<p class="muted">No mail.</p>`}
    ${data?.mails.map(
      (m) => html`<details class="mail"><summary><strong>${m.subject}</strong> <span
        class="muted">to ${m.to.join(', ')} · <${Time} iso=${m.created_at} /></span>
        ${m.error && html` <span class="badge badge-bad">${m.error}</span>`}</summary>
        <pre tabindex="0">${m.body}</pre></details>`,
    )}
  <//>`;
}
