// What a search found, form by form: each answer's time, where the address was found, and its answers
// by label; suspected-spam posts after the form's answers.
import { html } from '../../renderer/html.ts';
import { Link } from '../common/link.ts';
import { Time } from '../common/time.ts';
import type { PersonSearch } from '../types.ts';

type FoundForm = PersonSearch['forms'][number];
type Item = FoundForm['answers'][number];

/** One answer or post: when, whose, where the address is, its answers as `Label: answer` lines. */
function FoundItem({ item, href }: { item: Item & { own?: boolean }; href?: string }) {
  const whose = item.own === undefined ? '' : item.own ? ' · Their own answer' : ' · Only mentions the address';
  return html`<li>
    <p class="found-meta"><strong><${Time} iso=${item.created_at} /></strong>
      <span class="muted">${whose} · Found in ${item.found_in.join(', ')}</span>
      ${href && html` · <${Link} href=${href}>Open<//>`}</p>
    <ul class="plain found-answers">${item.lines.map((line) => html`<li>${line}</li>`)}</ul>
  </li>`;
}

/** The forms with what was found in each. */
export function FoundList({ forms }: { forms: FoundForm[] }) {
  return html`${forms.map(
    (f) => html`<section class="found-form" key=${f.form_id}>
      <h3><${Link} href=${`/admin/forms/${encodeURIComponent(f.form_id)}`}>${f.title}<//></h3>
      ${
        f.answers.length > 0 &&
        html`<ul class="plain found-list" aria-label=${`Answers in ${f.title}`}>${f.answers.map(
          (a) => html`<${FoundItem} key=${a.id} item=${a}
            href=${`/admin/forms/${encodeURIComponent(f.form_id)}/submissions/${encodeURIComponent(a.id)}`} />`,
        )}</ul>`
      }
      ${
        f.spam.length > 0 &&
        html`<h4>Suspected spam</h4>
        <ul class="plain found-list" aria-label=${`Suspected spam in ${f.title}`}>${f.spam.map(
          (s) => html`<${FoundItem} key=${s.id} item=${s} />`,
        )}</ul>`
      }
    </section>`,
  )}`;
}
