// The webhook tab: the URL, the secret (masked; reveal and rotate for editors), a test send with its
// result, and the delivery log (spec 4.5, 4.6, 6.7).
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { CopyButton } from '../common/copy-button.ts';
import { ErrorList } from '../common/error-list.ts';
import { Link } from '../common/link.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';
import { DeliveryLog } from './delivery-log.ts';
import { TestSend } from './test-send.ts';

/** Everything about one form's webhook. */
export function WebhookPanel({ formId, canEdit }: { formId: string; canEdit: boolean }) {
  const [revealed, setRevealed] = useState<string | undefined>();
  const view = useQuery(() => trpc.webhooks.view.query({ formId }), [formId]);
  const reveal = useAction(() => trpc.webhooks.view.query({ formId, reveal: true }));
  const rotate = useAction(() => trpc.webhooks.rotateSecret.mutate({ formId }));
  if (view.error) return html`<${ErrorList} error=${view.error} />`;
  if (!view.data) return html`<p class="muted">Loading…</p>`;
  const { url, secret, deliveries } = view.data;

  const settingsHref = `/admin/forms/${encodeURIComponent(formId)}?tab=settings`;
  const doReveal = async () => setRevealed((await reveal.run())?.secret);
  const doRotate = async () => {
    const question =
      'Make a new secret now? For the next 24 hours every delivery is signed with both the old and the new ' +
      'secret, so update your receiver within that time.';
    if (!confirm(question)) return;
    const result = await rotate.run();
    if (result) {
      setRevealed(result.secret);
      view.reload();
    }
  };

  return html`<div>
    <${Section} title="Webhook">
      ${
        url === ''
          ? html`<p>No webhook is set. Add a webhook address in <${Link}
              href=${settingsHref}>Settings<//> to receive every new submission as a signed POST.</p>`
          : html`<dl>
            <dt>URL</dt><dd class="mono">${url}</dd>
            <dt>Signing secret</dt>
            <dd><code class="secret" data-testid="webhook-secret">${revealed ?? secret}</code>
              ${
                canEdit &&
                html`<span class="row">
                ${
                  revealed
                    ? html`<${CopyButton} text=${revealed} />`
                    : html`<button type="button" class="secondary" disabled=${reveal.busy}
                        onClick=${doReveal}>Reveal</button>`
                }
                <button type="button" class="secondary danger" disabled=${rotate.busy}
                  onClick=${doRotate}>Rotate secret</button>
              </span>`
              }
              ${
                revealed &&
                html`<p class="muted small">
                  Receivers check <code>Service-Signature</code> or the Standard Webhooks
                  <code>webhook-signature</code> with this secret.</p>`
              }
            </dd>
          </dl>`
      }
      <${ErrorList} error=${reveal.error ?? rotate.error} />
      ${canEdit && url !== '' && html`<${TestSend} formId=${formId} />`}
    <//>
    <${Section} title="Delivery log">
      <${DeliveryLog} formId=${formId} deliveries=${deliveries} canEdit=${canEdit} onRefresh=${view.reload} />
    <//>
  </div>`;
}
