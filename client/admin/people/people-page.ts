// Find a person (owners): search every form of the workspace for an email address, see the answers
// that hold it, download them as JSON, or erase them with their files, waiting emails and delivery
// log lines, for a request such as "delete everything you hold about me".
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { Confirm } from '../common/dialog.ts';
import { saveAs } from '../common/download-button.ts';
import { ErrorList } from '../common/error-list.ts';
import { trpc } from '../trpc.ts';
import type { PersonCounts, PersonSearch } from '../types.ts';
import { useAction } from '../use-action.ts';
import { FoundList } from './found-list.ts';
import { beyondReach, downloadName, foundSummary, mentionsNote, whatGoes } from './person-words.ts';
import { count } from '../common/format.ts';

/** What an erase does with answers that only mention the address. */
type Mentions = 'keep' | 'erase';

const intro =
  'Search every form of this workspace for an email address. You see the answers that hold it, ' +
  'can download them, or erase them with everything that goes with them.';

/** The Find a person page. */
export function PeoplePage() {
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<PersonSearch | undefined>();
  const [erased, setErased] = useState<{ counts: PersonCounts; kept: number } | undefined>();
  const [mentions, setMentions] = useState<Mentions>('keep');
  const [asking, setAsking] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const search = useAction((email: string) => trpc.people.search.query({ email }));
  const download = useAction(async (email: string) => {
    const doc = await trpc.people.export.query({ email });
    saveAs([new TextEncoder().encode(JSON.stringify(doc, null, 2))], 'application/json', downloadName(email));
  });
  const erase = useAction((email: string) => trpc.people.erase.mutate({ email, mentions }));
  // What happened is where the focus goes: the searched summary, or the erase's result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: found and erased are the triggers, not read
  useLayoutEffect(() => status.current?.focus(), [found, erased]);

  const find = async (e: Event) => {
    e.preventDefault();
    setErased(undefined);
    const result = await search.run(typed);
    if (result) setFound(result);
  };
  const confirmErase = async () => {
    if (!found) return;
    const result = await erase.run(found.email);
    setAsking(false);
    if (!result) return;
    setFound(await search.run(found.email));
    setErased({ counts: result.erased, kept: result.mentions_kept });
    setMentions('keep');
  };
  const c = found?.counts;
  const anything = c && found && (c.answers > 0 || c.spam > 0 || found.mentions > 0);
  // What the confirmation states: the person's own, or with the mentions when the owner chose so.
  const goes = found && (mentions === 'erase' ? found.counts_with_mentions : found.counts);
  return html`<div>
    <h1>Find a person</h1>
    <p class="muted">${intro}</p>
    <form class="toolbar person-search" role="search" onSubmit=${find}>
      <label>Email address
        <input type="text" inputmode="email" autocomplete="off" spellcheck=${false} value=${typed}
          onInput=${(e: Event) => setTyped((e.target as HTMLInputElement).value)} /></label>
      <button type="submit" disabled=${search.busy}>${search.busy ? 'Searching…' : 'Find'}</button>
    </form>
    <${ErrorList} error=${search.error ?? download.error ?? erase.error} focus />
    ${
      erased &&
      html`<div class="card" role="status">
        <p class="ok" tabindex="-1" ref=${status}>Erased ${whatGoes(erased.counts)}.</p>
        ${
          erased.kept > 0 &&
          html`<p>Kept ${count(erased.kept, 'answer')} that only ${erased.kept === 1 ? 'mentions' : 'mention'} the
            address: other people's answers.</p>`
        }
        <p class="muted">${beyondReach}</p></div>`
    }
    ${
      found &&
      c &&
      html`<section class="card" aria-labelledby="person-found">
        <h2 id="person-found">${found.email}</h2>
        <p role=${erased ? undefined : 'status'} tabindex="-1" ref=${erased ? undefined : status}>${foundSummary(
          c,
          found.mentions,
        )}</p>
        ${found.mentions > 0 && html`<p class="muted">${mentionsNote}</p>`}
        ${
          found.more &&
          html`<p class="notice">More answers hold this address than are listed here. Erase takes them all.</p>`
        }
        ${
          anything &&
          html`<div class="row">
            <button type="button" class="secondary" disabled=${download.busy}
              onClick=${() => download.run(found.email)}>${download.busy ? 'Preparing…' : 'Download (JSON)'}</button>
            <button type="button" class="danger" onClick=${() => setAsking(true)}>Erase…</button>
          </div>
          <${FoundList} forms=${found.forms} />`
        }
      </section>`
    }
    ${
      asking &&
      found &&
      c &&
      goes &&
      html`<${Confirm} title=${`Erase everything about ${found.email}?`}
        message=${`This deletes ${whatGoes(goes)} for good. It cannot be undone.`}
        confirm="Erase" busy=${erase.busy} onConfirm=${confirmErase} onClose=${() => setAsking(false)}>
        ${
          found.mentions > 0 &&
          html`<fieldset class="person-mentions">
            <legend>${count(found.mentions, 'other answer')} only ${found.mentions === 1 ? 'mentions' : 'mention'}
              this address</legend>
            <label class="check check-row"><input type="radio" name="mentions" checked=${mentions === 'keep'}
              onChange=${() => setMentions('keep')} /> <span>Keep them: they are other people's answers</span></label>
            <label class="check check-row"><input type="radio" name="mentions" checked=${mentions === 'erase'}
              onChange=${() => setMentions('erase')} /> <span>Erase them too</span></label>
          </fieldset>`
        }
        <p class="muted">${beyondReach}</p>
      <//>`
    }
  </div>`;
}
