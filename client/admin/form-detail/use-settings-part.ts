// One part of the settings tab with its own Save (mail, retention, look): the changed fields are saved
// through settings.update, whose 422 lists every problem; each is kept for display next to the field it
// names, as a sentence (settings-problems.ts). No check in the browser: it would bring zod into the
// panel's bundle, and the server's answer already holds every problem.
import { useState } from 'preact/hooks';
import { trpc } from '../trpc.ts';
import type { Settings } from '../types.ts';
import { useAction } from '../use-action.ts';
import { plainProblem } from './settings-problems.ts';

/** Draft state, save and problems of a settings part whose fields `pick` chooses. */
export function useSettingsPart<T extends Record<string, unknown>>(
  formId: string,
  settings: Settings,
  pick: (s: Settings) => T,
  onSaved: () => void,
) {
  const [saved, setSaved] = useState(() => pick(settings));
  const [draft, setDraft] = useState(saved);
  const [done, setDone] = useState(false);
  const save = useAction((patch: Record<string, unknown>) => trpc.settings.update.mutate({ formId, patch }));
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setDone(false);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const patch = Object.fromEntries(
      Object.entries(draft).filter(([k, v]) => JSON.stringify(saved[k]) !== JSON.stringify(v)),
    );
    const result = await save.run(patch);
    if (result) {
      setSaved(pick(result));
      setDraft(pick(result));
      setDone(true);
      onSaved();
    }
  };
  const error = save.error;
  /** The problems naming `field` (or a part of it: `theme.accent`), as sentences. */
  const problemsOf = (field: string) =>
    (error?.details ?? [])
      .filter((d) => d.startsWith(`${field}:`) || d.startsWith(`${field}.`))
      .map((d) => plainProblem(d).text);
  return { draft, set, submit, busy: save.busy, error, done, problemsOf };
}
