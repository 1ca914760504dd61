// The builder's editing state: the definition with its undo history, and the JSON view's text. Both
// views edit the same state: a visual edit rewrites the text; text that parses becomes the definition
// (one undo step per pause in typing); text that does not parse is kept with its error, and visual
// edits wait until it is fixed.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { keepFocus, SELECTED_IN_OUTLINE } from './focus.ts';
import {
  definitionText,
  parseText,
  record,
  redo as redoStep,
  startHistory,
  undo as undoStep,
  type History,
} from './model/index.ts';

interface State {
  history: History<FormDefinition>;
  text: string;
  jsonError?: string;
}

function fromText(text: string): State {
  const parsed = parseText(text);
  // A draft saved with broken JSON opens as typed, with its error; the definition is an empty shell.
  if (!parsed.ok)
    return {
      history: startHistory({ id: 'form', title: '', submit: { label: 'Submit' }, fields: [] }),
      text,
      jsonError: parsed.error,
    };
  return { history: startHistory(parsed.value), text };
}

/** The editing state of one draft text; `text` changes when a visual edit, undo or the JSON view changes it. */
export function useBuilder(initialText: string) {
  const [state, setState] = useState<State>(() => fromText(initialText));
  const latest = useRef(state);
  latest.current = state;

  /** Applies a visual edit; `group` merges quick edits of one control into one undo step. */
  const edit = useCallback((change: (def: FormDefinition) => FormDefinition, group?: string) => {
    setState((s) => {
      if (s.jsonError) return s;
      const next = change(s.history.present);
      if (next === s.history.present) return s;
      return { history: record(s.history, next, group), text: definitionText(next) };
    });
  }, []);

  /** The JSON view's text changed. */
  const setText = useCallback((text: string) => {
    setState((s) => {
      const parsed = parseText(text);
      if (!parsed.ok) return { ...s, text, jsonError: parsed.error };
      return { history: record(s.history, parsed.value, 'json'), text };
    });
  }, []);

  /** Starts over from another text (a restored version, a reloaded draft). */
  const reset = useCallback((text: string) => setState(fromText(text)), []);

  // The focus stays where it was (Undo itself, or Redo once nothing is left to undo), or goes to the selected part.
  const undo = useCallback(() => {
    keepFocus(SELECTED_IN_OUTLINE);
    setState((s) => {
      if (s.jsonError || s.history.past.length === 0) return s;
      const history = undoStep(s.history);
      return { history, text: definitionText(history.present) };
    });
  }, []);
  const redo = useCallback(() => {
    keepFocus(SELECTED_IN_OUTLINE);
    setState((s) => {
      if (s.jsonError || s.history.future.length === 0) return s;
      const history = redoStep(s.history);
      return { history, text: definitionText(history.present) };
    });
  }, []);

  return {
    definition: state.history.present,
    text: state.text,
    jsonError: state.jsonError,
    canUndo: state.history.past.length > 0 && !state.jsonError,
    canRedo: state.history.future.length > 0 && !state.jsonError,
    edit,
    setText,
    reset,
    undo,
    redo,
  };
}

/** The builder's editing functions, as handed to its parts. */
export type Builder = ReturnType<typeof useBuilder>;

/**
 * Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo, anywhere in the builder except the JSON text
 * box, which keeps the browser's own undo of what was typed in it.
 */
export function useUndoKeys(b: Builder, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if ((e.target as HTMLElement | null)?.closest?.('.b-json')) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) b.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') b.redo();
      else return;
      e.preventDefault();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [b.undo, b.redo, enabled]);
}
