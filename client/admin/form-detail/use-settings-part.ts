// One part of the settings tab with its own Save (mail, retention, look): the changed fields are
// checked with the server's schema first, then saved through settings.update; every problem is kept
// for display next to the field it names.
import { useState } from 'preact/hooks';
import { settingsPatchSchema } from '../../../shared/api/forms.ts';
import { zodProblems } from '../../../shared/api/problems.ts';
import { trpc, type AdminError } from '../trpc.ts';
import type { Settings } from '../types.ts';
import { useAction } from '../use-action.ts';

/** Draft state, save and problems of a settings part whose fields `pick` chooses. */
export function useSettingsPart<T extends Record<string, unknown>>(formId: string, settings: Settings, pick: (s: Settings) => T, onSaved: () => void) {
  const [saved, setSaved] = useState(() => pick(settings));
  const [draft, setDraft] = useState(saved);
  const [problems, setProblems] = useState<AdminError | undefined>();
  const [done, setDone] = useState(false);
  const save = useAction((patch: Record<string, unknown>) => trpc.settings.update.mutate({ formId, patch }));
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setDone(false);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const patch = Object.fromEntries(Object.entries(draft).filter(([k, v]) => JSON.stringify(saved[k]) !== JSON.stringify(v)));
    const checked = settingsPatchSchema.safeParse(patch);
    if (!checked.success) return setProblems({ code: 'invalid_request', details: zodProblems(checked.error) });
    setProblems(undefined);
    const result = await save.run(patch);
    if (result) {
      setSaved(pick(result));
      setDraft(pick(result));
      setDone(true);
      onSaved();
    }
  };
  const error = problems ?? save.error;
  /** The problems naming `field` (or a part of it: `theme.accent`), without the path. */
  const problemsOf = (field: string) => (error?.details ?? []).filter((d) => d.startsWith(`${field}:`) || d.startsWith(`${field}.`)).map((d) => d.slice(d.indexOf(':') + 2));
  return { draft, set, submit, busy: save.busy, error, done, problemsOf };
}
