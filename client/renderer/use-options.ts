// Options of one field: static `options`, or an `optionsFrom` provider (sync or async) that runs again
// when the values named by `optionsDependsOn` change.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FieldOption, FormField, Values } from './engine.ts';
import type { OptionsProvider } from './types.ts';

/** A field's options and whether its provider is still running. */
export interface FieldOptions {
  options: readonly FieldOption[];
  loading: boolean;
}

const none: readonly FieldOption[] = [];

/** The options to show for `field`; a provider's answer for stale dependencies is dropped. */
export function useOptions(
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
