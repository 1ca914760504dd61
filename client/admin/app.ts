// The panel's root: who is signed in, the top bar, and the view for the current path. It composes.
import { useEffect, useRef } from 'preact/hooks';
import { html } from '../renderer/html.ts';
import { AccountPage } from './account/account-page.ts';
import { ConnectionBanner, WrongAddress } from './common/connection-banner.ts';
import { ErrorList } from './common/error-list.ts';
import { useConnection } from './connection.ts';
import { FormDetail } from './form-detail/form-detail.ts';
import { FormsList } from './forms-list/forms-list.ts';
import { LazyBuilderPage } from './lazy-builder.ts';
import { ModerationPage } from './moderation/moderation-page.ts';
import { Nav } from './nav/nav.ts';
import { PeoplePage } from './people/people-page.ts';
import { SubmissionDetailPage } from './submissions/submission-detail.ts';
import { trpc } from './trpc.ts';
import type { Me } from './types.ts';
import { useQuery } from './use-query.ts';
import { useRoute } from './use-route.ts';
import { WorkspacePage } from './workspace/workspace-page.ts';

/** Picks the view for a path. */
function View({
  me,
  path,
  query,
  workspace,
}: {
  me: Me;
  path: string;
  query: URLSearchParams;
  workspace: Parameters<typeof WorkspacePage>[0]['workspace'];
}) {
  const one = /^\/admin\/forms\/([^/]+)\/submissions\/([^/]+)$/.exec(path);
  if (one)
    return html`<${SubmissionDetailPage} me=${me} formId=${decodeURIComponent(one[1])}
      submissionId=${decodeURIComponent(one[2])} />`;
  const draft = /^\/admin\/drafts\/([^/]+)$/.exec(path);
  if (draft) return html`<${LazyBuilderPage} me=${me} draftId=${decodeURIComponent(draft[1])} />`;
  const edit = /^\/admin\/forms\/([^/]+)\/edit$/.exec(path);
  if (edit) return html`<${LazyBuilderPage} me=${me} formId=${decodeURIComponent(edit[1])} />`;
  const form = /^\/admin\/forms\/([^/]+)$/.exec(path);
  if (form)
    return html`<${FormDetail} me=${me} formId=${decodeURIComponent(form[1])} tab=${query.get('tab') ?? 'overview'} />`;
  if (path === '/admin/workspace') return html`<${WorkspacePage} me=${me} workspace=${workspace} />`;
  if (path === '/admin/moderation') return html`<${ModerationPage} />`;
  if (path === '/admin/people') return html`<${PeoplePage} />`;
  if (path === '/admin/account') return html`<${AccountPage} me=${me} />`;
  return html`<${FormsList} me=${me} />`;
}

/**
 * After a move to another page, focus goes to its heading, so keyboard and screen reader users start
 * there (as after a page load) rather than on a link that is gone. Not on the first load. Most pages
 * load their data first and show their h1 only then, so this waits for an h1 in main; a loading h1
 * that the loaded page replaces hands the focus on to the new one. It stops at the person's first key
 * or click, so it never takes the focus from something they chose.
 */
function useFocusOnNavigate(path: string) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger (a new page), not read inside
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.querySelector('main');
    if (!main) return;
    let focused: HTMLElement | null = null;
    const place = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading || heading === focused) return;
      // Only while the focus is nowhere or on the heading placed before (a person may have moved on).
      const active = document.activeElement;
      if (focused && active !== focused && active !== document.body && active !== null && document.contains(focused))
        return;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
      focused = heading;
    };
    const observer = new MutationObserver(place);
    const stop = () => observer.disconnect();
    observer.observe(main, { childList: true, subtree: true });
    place();
    window.addEventListener('keydown', stop, { once: true, capture: true });
    window.addEventListener('pointerdown', stop, { once: true, capture: true });
    return () => {
      stop();
      window.removeEventListener('keydown', stop, { capture: true });
      window.removeEventListener('pointerdown', stop, { capture: true });
    };
  }, [path]);
}

/** The whole panel. */
export function App() {
  const { path, query } = useRoute();
  useFocusOnNavigate(path);
  const me = useQuery(() => trpc.account.me.query(), []);
  const workspace = useQuery(() => trpc.workspace.current.query(), []);
  const { state } = useConnection();
  if (state.kind === 'wrong_address') return html`<${WrongAddress} state=${state} />`;
  if (me.error) return html`<main class="page"><h1>Formstead</h1><${ErrorList} error=${me.error} /></main>`;
  if (!me.data)
    return html`<main class="page"><h1 class="sr-only">Formstead</h1><${ConnectionBanner} />${
      state.kind !== 'offline' && html`<p class="muted">Connecting…</p>`
    }</main>`;
  return html`<div>
    <${Nav} me=${me.data} workspace=${workspace.data} path=${path} />
    <${ConnectionBanner} />
    <main class=${/^\/admin\/(drafts\/|forms\/[^/]+\/edit$)/.test(path) ? 'page page-wide' : 'page'}>
      <${View} me=${me.data} path=${path} query=${query} workspace=${workspace.data} />
    </main>
  </div>`;
}
