// The instance's signing key: what checks a signed export of answers (docs/operations.md "Checking a
// signed export"). Public, so every member sees it.
import { html } from '../../renderer/html.ts';
import { ErrorList } from '../common/error-list.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import { useQuery } from '../use-query.ts';

/** The key's id and PEM, where to fetch it, and the command that checks an export with it. */
export function SigningKey() {
  const key = useQuery(() => trpc.workspace.signingKey.query(), []);
  if (key.error) return html`<${Section} title="Signing key"><${ErrorList} error=${key.error} /><//>`;
  if (!key.data) return null;
  return html`<${Section} title="Signing key">
    <p>This server signs every export of answers made with <code>format=jsonl&amp;signed=1</code>, so anyone can
      check that no answer was changed, removed or added since. Key <code>${key.data.key_id}</code> (Ed25519), also
      at <a href="/v1/signing-key">/v1/signing-key</a>:</p>
    <pre class="json signing-key" tabindex="0" aria-label="Public signing key">${key.data.public_key_pem}</pre>
    <p class="muted">To check an export, save the key above as <code>key.pem</code> and run
      <code>npx formstead verify export.jsonl --public-key key.pem</code>.</p>
  <//>`;
}
