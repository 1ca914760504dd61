// Answers kept in the browser while a person fills a form (`save_progress`, ARCHITECTURE.md "Respondents
// who finish"): written to and restored from localStorage, one entry per form. Password and file
// fields are never kept (a password must not outlive the page; a file is an upload that expires). An
// entry older than 7 days is dropped. An entry from an older version of the form gives back only the
// answers whose field still exists with the same type, and the steps taken only as far as the route and
// the answers still lead; nothing here ever shows an error. Storage can be missing, full or refused
// (private windows, blocked storage): every access is guarded, and a failure only means nothing is kept.
// Loaded when needed (use-save-progress.ts), so it imports nothing at run time: the engine's functions
// come in as `tools`, and this stays a small bundle of its own.
import type { allFields, FormState, validateField, ValidatorRegistry, Values } from '../engine.ts';

/** How long kept answers are offered back. */
export const KEEP_MS = 7 * 24 * 3600 * 1000;
/** Types whose answers are never written to the browser's storage. */
const neverKept = ['password', 'file'];

/** What is kept: answers, their field types, and where the person was. */
interface SavedAnswers {
  savedAt: number;
  values: Record<string, unknown>;
  /** Type of each kept answer's field, to drop answers whose field changed type in a newer version. */
  types: Record<string, string>;
  /** Steps taken (the current one last) and steps skipped. */
  history: string[];
  skipped: string[];
  /** The question on screen (one_per_screen). */
  field?: string;
}

/** The engine functions this needs, passed in by the renderer. */
export interface SavingTools {
  allFields: typeof allFields;
  validateField: typeof validateField;
  validators?: ValidatorRegistry;
  /** The values of the form as nobody has filled it in: only answers that differ are kept. */
  untouched(): Values;
}

const kinds = (state: FormState, tools: SavingTools) =>
  new Map(tools.allFields(state.definition).flatMap((f) => (neverKept.includes(f.type) ? [] : [[f.key, f.type]])));

/** Forgets the kept answers under `key`. */
export function forget(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing kept, or storage refused: nothing to forget.
  }
}

/**
 * Writes the state's answers (never passwords or files) and position under `key`. With no answer that
 * differs from the untouched form, the entry is removed: a form merely opened, or started over, offers
 * nothing back.
 */
export function writeSaved(key: string, state: FormState, tools: SavingTools, field?: string): void {
  const types = kinds(state, tools);
  const untouched = tools.untouched();
  const values: Record<string, unknown> = {};
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(state.values))
    if (types.has(k) && v !== undefined && JSON.stringify(v) !== JSON.stringify(untouched[k])) {
      values[k] = v;
      kept[k] = types.get(k)!;
    }
  if (Object.keys(values).length === 0) {
    forget(key);
    return;
  }
  const entry: SavedAnswers = {
    savedAt: Date.now(),
    values,
    types: kept,
    history: [...state.history],
    skipped: [...state.skippedSteps],
    field,
  };
  try {
    localStorage.setItem(key, JSON.stringify(entry));
  } catch {
    // Full or refused: the form still works, only nothing is kept.
  }
}

/**
 * Puts the answers kept under `key` back into `state` and walks forward along the saved steps while each
 * step's answers still pass (checked quietly first) and the route still leads there. Returns the saved
 * question (one_per_screen) when something came back, else undefined.
 */
export function restore(
  key: string,
  state: FormState,
  tools: SavingTools,
  base?: Values,
): { field?: string } | undefined {
  let saved: SavedAnswers;
  try {
    saved = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (typeof saved?.values !== 'object' || !(Date.now() - saved.savedAt < KEEP_MS)) return void forget(key);
  } catch {
    return void forget(key);
  }
  const types = kinds(state, tools);
  const values = Object.entries(saved.values ?? {}).filter(([k]) => types.has(k) && saved.types?.[k] === types.get(k));
  if (values.length === 0) return undefined;
  state.reset({ ...base, ...Object.fromEntries(values) });
  const list = (a: unknown) => (Array.isArray(a) ? a : []);
  const [first, ...rest] = list(saved.history);
  // A path that now starts elsewhere (a newer version) restarts from the top, answers kept.
  for (const target of first === state.stepId ? rest : []) {
    const here = state.stepId!;
    const moved = list(saved.skipped).includes(here)
      ? state.skip()
      : state.visibleFields.every((f) => !tools.validateField(state.definition, f.key, state.values, tools)) &&
        state.next();
    if (!moved) break;
    // The route now leads elsewhere: stay on the last step both paths share.
    if (state.stepId !== target) {
      state.back();
      break;
    }
  }
  return { field: typeof saved.field === 'string' ? saved.field : undefined };
}
