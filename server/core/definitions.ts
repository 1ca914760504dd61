// Parsed form definitions by form and version, cached so the engine's per-definition precomputation
// (kept in a WeakMap keyed by the definition object) is reused across submissions.
import { allFields, checkDefinition, type FormDefinition } from '../../shared/engine/index.ts';
import { linearRegex } from '../lib/safe-regex.ts';
import type { Store } from './store/types.ts';

/** Limits of ARCHITECTURE.md "Forms, versions, claims": definitions are at most 32 KB and 100 fields. */
export const DEFINITION_MAX_BYTES = 32 * 1024;
export const DEFINITION_MAX_FIELDS = 100;

/** Checks a submitted definition: the engine's rules plus the size limits; problems are prefixed `definition.`. */
export function validateDefinition(
  input: unknown,
): { definition: FormDefinition; json: string } | { problems: string[] } {
  const json = JSON.stringify(input) ?? '';
  const size = Buffer.byteLength(json);
  if (size > DEFINITION_MAX_BYTES)
    return { problems: [`definition: larger than ${DEFINITION_MAX_BYTES} bytes (${size})`] };
  const checked = checkDefinition(input, { regex: linearRegex });
  if ('problems' in checked) return { problems: checked.problems.map((p) => `definition.${p}`) };
  const fieldCount = allFields(checked.definition).length;
  if (fieldCount > DEFINITION_MAX_FIELDS)
    return { problems: [`definition: has ${fieldCount} fields, at most ${DEFINITION_MAX_FIELDS} are allowed`] };
  return { definition: checked.definition, json: JSON.stringify(checked.definition) };
}

/** A bounded cache of parsed definitions keyed by `formId@version`. */
export class DefinitionCache {
  private readonly cache = new Map<string, FormDefinition>();

  constructor(
    private readonly store: Store,
    private readonly max = 500,
  ) {}

  /**
   * The version when it is in the cache, without a promise (the submission path, which takes it from here
   * nearly always); undefined when get() must read it.
   */
  cached(formId: string, version: number): FormDefinition | undefined {
    const key = `${formId}@${version}`;
    const hit = this.cache.get(key);
    if (hit) {
      // Re-insert to keep the most recently used entries at the end of the Map's order.
      this.cache.delete(key);
      this.cache.set(key, hit);
    }
    return hit;
  }

  /** Drops every version of a form (it was deleted). */
  forget(formId: string) {
    const prefix = `${formId}@`;
    for (const key of [...this.cache.keys()]) if (key.startsWith(prefix)) this.cache.delete(key);
  }

  /** The parsed definition of one version, read from the store once. */
  async get(formId: string, version: number): Promise<FormDefinition | undefined> {
    const hit = this.cached(formId, version);
    if (hit) return hit;
    const key = `${formId}@${version}`;
    const row = await this.store.forms.version(formId, version);
    if (!row) return undefined;
    const def = JSON.parse(row.definition) as FormDefinition;
    this.cache.set(key, def);
    if (this.cache.size > this.max) this.cache.delete(this.cache.keys().next().value!);
    return def;
  }
}
