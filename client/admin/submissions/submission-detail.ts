// One submission on its own page (/admin/forms/{id}/submissions/{sid}): every answer by its label,
// when it came (relative and in full), the form version, a PDF of it, a warning about invisible characters, its
// webhook deliveries with each logged attempt, its status, tags and note (marks-editor.ts), and Delete for owners
// and editors.
import { useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { DownloadButton } from '../common/download-button.ts';
import { ErrorList, formDeletedMeanwhile } from '../common/error-list.ts';
import { fullTime } from '../common/format.ts';
import { Link } from '../common/link.ts';
import { Section } from '../common/section.ts';
import { Time } from '../common/time.ts';
import { currentWorkspace, trpc } from '../trpc.ts';
import type { Me, SubmissionDetail } from '../types.ts';
import { useAction } from '../use-action.ts';
import { useQuery } from '../use-query.ts';
import { navigate } from '../use-route.ts';
import { OffNote } from '../encryption/off-notes.ts';
import { envelopeOf, useOpenedAnswers } from '../encryption/opened-answers.ts';
import { sealedWords } from '../encryption/opened-rows.ts';
import { UnlockPanel } from '../encryption/unlock-panel.ts';
import { Answer } from './answer.ts';
import { deleteSubmissions } from './delete-submissions.ts';
import { MarksEditor } from './marks-editor.ts';
import { Revisions } from './revisions.ts';

const deliveryState: Record<string, string> = {
  pending: 'Waiting to retry',
  delivered: 'Delivered',
  failed: 'Failed: every attempt was used',
  cancelled: 'Cancelled (the webhook was removed)',
};

const noDeliveryKept =
  'No delivery is kept for this submission (it arrived before the webhook was set, or its finished delivery ' +
  'was cleaned up).';

// Follows "Hidden characters." in bold.
const hiddenCharactersNote =
  ' Some answers contain invisible characters (such as zero-width spaces or text direction marks). ' +
  'They can make text look different from what it is: check before you copy it elsewhere.';

/** The webhook part: deliveries and the attempts still in the form's log (the last 100 per form). */
function Deliveries({ detail }: { detail: SubmissionDetail }) {
  if (!detail.webhook && detail.deliveries.length === 0)
    return html`<p class="muted">This form has no webhook, so nothing was sent.</p>`;
  return html`<div>
    ${detail.deliveries.length === 0 && html`<p class="muted">${noDeliveryKept}</p>`}
    ${detail.deliveries.map(
      (d) => html`<p><${Badge} tone=${d.state === 'delivered' ? 'ok' : d.state === 'pending' ? 'warn' : 'bad'}>${
        d.state === 'pending' && d.attempts === 0 ? 'Sending' : (deliveryState[d.state] ?? d.state)
      }<//>
        <span class="muted"> · ${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}${
          d.next_attempt_at ? html` · next <${Time} iso=${d.next_attempt_at} />` : ''
        }</span></p>`,
    )}
    ${
      detail.attempts.length > 0 &&
      html`<table class="stack boxed">
      <thead><tr><th>Time</th><th class="num">Attempt</th><th>Result</th><th class="num">Duration</th></tr></thead>
      <tbody>${detail.attempts.map(
        (a) => html`<tr>
          <td data-label="Time"><${Time} iso=${a.created_at} /></td>
          <td class="num" data-label="Attempt">${a.attempt}</td>
          <td data-label="Result">${
            a.error === undefined
              ? html`<${Badge} tone="ok">${a.status_code}<//>`
              : html`<${Badge} tone="bad">${a.error}${a.status_code ? ` (${a.status_code})` : ''}<//>`
          }</td>
          <td class="num" data-label="Duration">${a.duration_ms} ms</td>
        </tr>`,
      )}</tbody>
    </table>`
    }
  </div>`;
}

/** The answer as a PDF, through the panel's session (server/http/admin-csv.ts). */
function pdfHref(formId: string, submissionId: string) {
  const workspace = currentWorkspace();
  const path = `/admin/forms/${encodeURIComponent(formId)}/submissions/${encodeURIComponent(submissionId)}/pdf`;
  return workspace ? `${path}?${new URLSearchParams({ workspace })}` : path;
}

/** The page for one submission of `formId`. */
export function SubmissionDetailPage({ me, formId, submissionId }: { me: Me; formId: string; submissionId: string }) {
  const detail = useQuery(() => trpc.submissions.detail.query({ formId, submissionId }), [formId, submissionId]);
  const form = useQuery(() => trpc.forms.byId.query({ formId }), [formId]);
  const remove = useAction(() => deleteSubmissions(formId, [submissionId]));
  const [showHidden, setShowHidden] = useState(false);
  // An encrypted answer is opened here, in this browser, with a key unlocked in this tab.
  const opened = useOpenedAnswers(formId, detail.data ? [detail.data.submission] : []);
  const back = `/admin/forms/${encodeURIComponent(formId)}?tab=submissions`;
  const crumbs = html`<p class="crumbs"><${Link} href="/admin">Forms<//> / <${Link}
    href=${back}>${form.data?.title ?? 'Form'}: submissions<//> /</p>`;
  if (detail.error) return html`<div>${crumbs}<h1>Submission</h1><${ErrorList} error=${detail.error} /></div>`;
  if (!detail.data) return html`<div>${crumbs}<h1>Submission</h1><p class="muted">Loading…</p></div>`;
  const { submission: stored, fields } = detail.data;
  const envelope = envelopeOf(stored);
  const open = envelope && opened.get(stored.id);
  const sealed = envelope && open?.state !== 'open' ? sealedWords(open, envelope.kid) : undefined;
  const s = { ...stored, values: open?.state === 'open' ? open.values : (stored.values ?? {}) };
  const known = new Set(fields.map((f) => f.key));
  // Answers under keys no version names (should not happen) are still shown, by key.
  const others = Object.keys(s.values).filter((k) => !known.has(k));
  const encryption = form.data?.settings.encryption;
  const doDelete = async () => {
    if (await remove.run()) navigate(back);
  };
  return html`<div>
    ${crumbs}
    <h1>Submission</h1>
    <p class="muted small id-line">ID <span class="mono">${s.id}</span></p>
    ${
      s.values_contain_hidden_characters &&
      html`<div class="notice" role="note"><p><strong>Hidden characters.</strong>${hiddenCharactersNote}</p>
      <button type="button" class="secondary" aria-pressed=${showHidden}
        onClick=${() => setShowHidden(!showHidden)}>${
          showHidden ? 'Hide where they are' : 'Show where they are'
        }</button></div>`
    }
    ${
      envelope &&
      html`<${UnlockPanel} keyIds=${[envelope.kid]}
        wrapped=${encryption?.key_id === envelope.kid ? encryption.wrapped_private_key : undefined} />`
    }
    <div class="grid detail-grid">
      <${Section} title="Answers">
        ${sealed && html`<p class="sealed" data-testid="sealed-answer">${sealed}</p>`}
        ${
          !sealed &&
          html`<dl class="answers">${fields.map(
            (f) => html`<dt>${f.label}</dt>
            <dd><${Answer} field=${f} value=${s.values[f.key]} showHidden=${showHidden} detail /></dd>`,
          )}
          ${others.map(
            (k) => html`<dt>${k}</dt><dd><${Answer} value=${s.values[k]} showHidden=${showHidden} /></dd>`,
          )}</dl>`
        }
        ${
          s.extra &&
          Object.keys(s.extra).length > 0 &&
          html`<h3>Other inputs</h3>
          <p class="muted small">Named inputs of the HTML form that are no field of it (the form keeps them).</p>
          <dl class="answers">${Object.entries(s.extra).map(
            ([k, v]) => html`<dt class="mono">${k}</dt><dd><${Answer} value=${v} showHidden=${showHidden} /></dd>`,
          )}</dl>`
        }
      <//>
      <${Section} title="Details">
        <dl>
          <dt>Received</dt>
          <dd><${Time} iso=${s.created_at} /><div class="muted small">${fullTime(s.created_at)}</div></dd>
          <dt>Form version</dt><dd>${s.form_version}</dd>
        </dl>
        ${
          envelope
            ? html`<${OffNote} what="pdf" />`
            : html`<${DownloadButton} href=${pdfHref(formId, submissionId)}
              filename=${`${formId}-${submissionId}.pdf`} label="Download PDF" />`
        }
        ${
          me.role !== 'viewer' &&
          html`<button type="button" class="secondary danger" disabled=${remove.busy}
            onClick=${doDelete}>Delete submission</button>`
        }
        <${ErrorList} error=${remove.error} focus gone=${formDeletedMeanwhile} />
      <//>
    </div>
    <${Revisions} detail=${detail.data} />
    <${Section} title="Status, tags and note">
      <${MarksEditor} key=${s.id} formId=${formId} marks=${s} canEdit=${me.role !== 'viewer'} />
    <//>
    <${Section} title="Webhook deliveries"><${Deliveries} detail=${detail.data} /><//>
  </div>`;
}
