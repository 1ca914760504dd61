// A hidden field's settings: where its value comes from. It is never shown; the form's link fills it from
// `?<key>=` (ARCHITECTURE.md "Answers that flow"), so the editor shows that link, ready to copy, with the
// key as it is now. A form not published yet has no link: it says so.
import { useContext } from 'preact/hooks';
import { html } from '../../../renderer/html.ts';
import { CopyButton } from '../../common/copy-button.ts';
import { trpc } from '../../trpc.ts';
import { useQuery } from '../../use-query.ts';
import { BuilderFormId } from '../picture-editor.ts';
import type { TypeEditorProps } from './type-editor.ts';

/** The form's link with `?<key>=` added (the value goes after the `=`). */
export const fillingLink = (hostedUrl: string, key: string) =>
  `${hostedUrl}${hostedUrl.includes('?') ? '&' : '?'}${new URLSearchParams({ [key]: '' })}`;

/** The editor of a `hidden` field: the link that fills it. */
export function HiddenEditor({ field }: TypeEditorProps) {
  const formId = useContext(BuilderFormId);
  const form = useQuery(() => (formId ? trpc.forms.byId.query({ formId }) : Promise.resolve(undefined)), [formId]);
  const key = field.key || '…';
  const link = form.data ? fillingLink(form.data.hosted_url, field.key) : undefined;
  return html`<fieldset class="b-hidden-source"><legend>Where its value comes from</legend>
    <p>Filled from <code>?${key}=…</code> in the form's link. People never see it; without it in the link, the
      default value below is used.</p>
    ${
      link
        ? html`<p class="b-hidden-link"><code>${link}</code></p>
          <p class="muted small">Put the value after the <code>=</code>, e.g. <code>${key}=newsletter</code>.</p>
          <${CopyButton} text=${link} label="Copy link" />`
        : formId
          ? form.error
            ? html`<p class="muted small">The form's link could not be loaded.</p>`
            : null
          : html`<p class="muted small">Publish the form to get its link.</p>`
    }
  </fieldset>`;
}
