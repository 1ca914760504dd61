// The Settings tab's draft, kept above the tab switch (form-detail.ts calls this) and mirrored into the
// browser tab's sessionStorage under the form's id: switching to Submissions and back, following a link
// away and coming back, or reloading keeps what was typed. One Save sends every changed field at once
// through settings.update, whose 422 lists every problem; Discard drops the draft.
import { useEffect, useState } from 'preact/hooks';
import { trpc } from '../trpc.ts';
import type { Settings } from '../types.ts';
import { useAction } from '../use-action.ts';
import {
  changeCount,
  draftOf,
  patchText,
  pending,
  problemsFor,
  readPatch,
  type SettingsPatch,
  withChange,
} from './settings-draft.ts';

const storageKey = (formId: string) => `formstead:settings-draft:${formId}`;

/** sessionStorage can be missing or full (private modes, quotas): the draft then lives in memory only. */
function load(formId: string): SettingsPatch {
  try {
    return readPatch(sessionStorage.getItem(storageKey(formId)));
  } catch {
    return {};
  }
}
function keep(formId: string, patch: SettingsPatch) {
  try {
    if (Object.keys(patch).length === 0) sessionStorage.removeItem(storageKey(formId));
    else sessionStorage.setItem(storageKey(formId), patchText(patch));
  } catch {
    // Kept in memory: the tab switch still keeps it, a reload does not.
  }
}

/** How a draft's changes are saved: the form's settings.update, or a never-published form's builder draft. */
export type SaveSettings = (patch: SettingsPatch) => Promise<Settings>;

/**
 * One form's settings draft; `saved` is the form's settings as loaded (undefined while loading). `formId` names
 * what is kept in the tab; `saveTo`, when given, saves instead of the form's settings.update.
 */
export function useSettingsDraft(
  formId: string,
  saved: Settings | undefined,
  onSaved: () => void,
  saveTo?: SaveSettings,
) {
  const [state, setState] = useState(() => ({ formId, patch: load(formId) }));
  // The settings a save answered, shown until the reload it asks for brings the same (or newer) ones.
  const [answered, setAnswered] = useState<{ over: Settings; settings: Settings } | undefined>();
  const [done, setDone] = useState(false);
  // What Discard dropped, for its Undo (cheaper than asking first); gone at the next change.
  const [discarded, setDiscarded] = useState<SettingsPatch | undefined>();
  const save = useAction((patch: SettingsPatch) =>
    saveTo ? saveTo(patch) : trpc.settings.update.mutate({ formId, patch }),
  );
  // Another form's page: its own draft (the component stays mounted when only the id changes).
  const patch = state.formId === formId ? state.patch : load(formId);
  if (state.formId !== formId) setState({ formId, patch });
  useEffect(() => keep(state.formId, state.patch), [state]);

  const base = saved && answered?.over === saved ? answered.settings : saved;
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    if (!base) return;
    setState((s) => ({ formId: s.formId, patch: withChange(base, s.patch, key, value) }));
    setDone(false);
    setDiscarded(undefined);
  };
  /** Saves the changes; answers whether they were saved. */
  const submit = async (): Promise<boolean> => {
    if (!base) return false;
    const result = await save.run(pending(base, patch));
    if (!result) return false;
    setAnswered({ over: saved!, settings: result });
    setState((s) => ({ formId: s.formId, patch: pending(result, s.patch) }));
    setDone(true);
    onSaved();
    return true;
  };
  const discard = () => {
    setDiscarded(patch);
    setState((s) => ({ formId: s.formId, patch: {} }));
    save.clear();
    setDone(false);
  };
  const undoDiscard = () => {
    if (discarded) setState((s) => ({ formId: s.formId, patch: discarded }));
    setDiscarded(undefined);
  };
  const details = save.error?.details ?? [];
  return {
    /** The saved settings with the person's changes over them: what every part shows. */
    draft: base && draftOf(base, patch),
    /** How many fields differ from the saved settings. */
    changes: base ? changeCount(base, patch) : 0,
    set,
    submit,
    discard,
    /** Set right after a Discard: brings the discarded changes back. */
    undoDiscard: discarded && Object.keys(discarded).length > 0 ? undoDiscard : undefined,
    busy: save.busy,
    error: save.error,
    /** A save just succeeded and nothing changed since. */
    done,
    /** Shows a refusal that came another way (a builder's first publish) as the last save's. */
    refused: (e: NonNullable<typeof save.error>) => {
      save.fail(e);
      setDone(false);
    },
    /** The last save's problems about `field` (or a part of it), as sentences. */
    problemsOf: (field: string) => problemsFor(details, field),
  };
}

/** What useSettingsDraft gives the Settings tab. */
export type SettingsDraft = ReturnType<typeof useSettingsDraft>;
