// A field whose options come from an `optionsFrom` provider (sync or async, given to FormRenderer as
// `optionsProviders`), run again when the values named by `optionsDependsOn` change. An on-demand module:
// only forms with such a field load it (fields/field.ts).
import type { VNode } from 'preact';
import type { FieldOption, FormField, Values } from '../engine.ts';
import type { FieldBoxProps, OptionsProvider } from '../types.ts';
import { useEffect, useRef, useState } from './parts.ts';

export { giveParts } from './parts.ts';

/** What the field looks like with these options: field.ts's own body, given by the field. */
export type FieldBody = (props: FieldBoxProps, options: readonly FieldOption[], loading: boolean) => VNode;

/** Types whose value must be one of the options (autocomplete keeps typed text until it matches). */
const choiceTypes = ['select', 'radio', 'multiselect'];

/** A field's options and whether its provider is still running. */
export interface FieldOptions {
  options: readonly FieldOption[];
  loading: boolean;
}

const none: readonly FieldOption[] = [];

/** The options to show for `field`; a provider's answer for stale dependencies is dropped. */
function useOptions(
  field: FormField,
  values: Values,
  providers: Record<string, OptionsProvider> | undefined,
): FieldOptions {
  const source = field.optionsFrom;
  const provider = source === undefined ? undefined : providers?.[source];
  // The dependency values as one string: the effect re-runs exactly when one of them changes.
  const depsKey =
    source === undefined ? '' : JSON.stringify((field.optionsDependsOn ?? []).map((k) => values[k] ?? null));
  const [loaded, setLoaded] = useState<{ key: string; options: readonly FieldOption[] } | undefined>(undefined);
  // Read through a ref: an inline `optionsProviders={{...}}` is a new function on every render, and
  // re-running the provider for that would loop (render, load, render...).
  const latest = useRef({ provider, values, field });
  latest.current = { provider, values, field };

  useEffect(() => {
    if (source === undefined) return;
    const { provider, values, field } = latest.current;
    if (provider === undefined) {
      setLoaded({ key: depsKey, options: none });
      return;
    }
    let current = true;
    Promise.resolve()
      .then(() => provider(values, field))
      .then(
        (options) => current && setLoaded({ key: depsKey, options: Array.isArray(options) ? options : none }),
        () => current && setLoaded({ key: depsKey, options: none }),
      );
    return () => {
      current = false;
    };
  }, [source, depsKey]);

  if (source === undefined) return { options: field.options ?? none, loading: false };
  // While a new answer is on its way, the previous options stay visible (no flicker), marked as loading.
  return { options: loaded?.options ?? none, loading: loaded?.key !== depsKey };
}

/**
 * When a provider's new options no longer hold the chosen value (a city after the country changed),
 * the choice is cleared rather than silently submitted and refused.
 */
function useDropStaleChoice(
  field: FormField,
  value: unknown,
  options: readonly FieldOption[],
  loading: boolean,
  set: (v: unknown) => void,
) {
  // Runs when the options change or finish loading only, not when the value does.
  useEffect(() => {
    if (loading || !choiceTypes.includes(field.type)) return;
    const known = new Set(options.map((o) => o.value));
    if (Array.isArray(value)) {
      const kept = value.filter((v) => known.has(v as string));
      if (kept.length !== value.length) set(kept);
    } else if (typeof value === 'string' && value !== '' && !known.has(value)) set('');
  }, [options, loading]);
}

/** The field with its provider's options (the body is field.ts's, passed in). */
export function ProvidedField(props: FieldBoxProps & { body: FieldBody }) {
  const { options, loading } = useOptions(props.field, props.values, props.optionsProviders);
  useDropStaleChoice(props.field, props.value, options, loading, (v) => props.onChange(props.field.key, v));
  return props.body(props, options, loading);
}
