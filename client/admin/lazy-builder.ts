// The form builder loads only when opened: import() makes it a chunk of its own in the admin bundle
// (scripts/client-entries.mjs, `split`), fetched the first time a builder page or the New form dialog
// is shown, so the panel's first load does not carry it.
import { useEffect, useState } from 'preact/hooks';
import { html } from '../renderer/html.ts';
import type { Me } from './types.ts';

type BuilderModule = typeof import('./builder/builder-page.ts');
let loading: Promise<BuilderModule> | undefined;

/** Starts fetching the builder (a hover or focus on "New form" or "Edit" can call it early). */
export function loadBuilder(): Promise<BuilderModule> {
  loading ??= import('./builder/builder-page.ts').catch((err) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

function useBuilderModule() {
  const [mod, setMod] = useState<BuilderModule | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadBuilder().then(setMod, () => setFailed(true));
  }, []);
  return { mod, failed };
}

const failedText = html`<p class="problems"
  role="alert">The builder could not be loaded. Check the connection and reload the page.</p>`;

/** The builder page, once its code has arrived. */
export function LazyBuilderPage(props: { me: Me; draftId?: string; formId?: string }) {
  const { mod, failed } = useBuilderModule();
  if (failed) return failedText;
  if (!mod) return html`<div><h1>Form builder</h1><p class="muted">Loading the builder…</p></div>`;
  return html`<${mod.BuilderPage} ...${props} />`;
}

/** The New form dialog, once its code has arrived. */
export function LazyNewFormDialog({ onClose }: { onClose: () => void }) {
  const { mod, failed } = useBuilderModule();
  if (failed) return failedText;
  if (!mod) return null;
  return html`<${mod.NewFormDialog} onClose=${onClose} />`;
}
