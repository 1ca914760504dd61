// The query options of a submissions export (ARCHITECTURE.md "Knowing how a form does"): column headers
// by key or label, values as stored or by option label, and a byte-order mark for Excel on Windows.
import { badRequest } from '../../lib/api-error.ts';

/** How an export names its columns and writes its values. */
export interface ExportOptions {
  /** `keys` (default, spec 4.3): `id`, `created_at` and the field keys; `labels`: what people read. */
  headers: 'keys' | 'labels';
  /** `raw` (default): values as stored; `labels`: option labels, Yes/No, files by name and link. */
  values: 'raw' | 'labels';
  /** A UTF-8 byte-order mark first (CSV only), so Excel on Windows reads accents right. */
  bom: boolean;
}

/** The spec's export: keys, stored values, no byte-order mark. */
export const DEFAULT_EXPORT: ExportOptions = { headers: 'keys', values: 'raw', bom: false };

/** Reads `headers`, `values` and `bom` from a query; every unknown value is one 400 detail naming its parameter. */
export function parseExportOptions(query: URLSearchParams): ExportOptions {
  const problems: string[] = [];
  const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name}: must be ${allowed.join(' or ')}`);
    return fallback;
  };
  const headers = pick('headers', ['keys', 'labels'] as const, 'keys');
  const values = pick('values', ['raw', 'labels'] as const, 'raw');
  const bom = pick('bom', ['0', '1'] as const, '0') === '1';
  if (problems.length) throw badRequest('invalid_query', problems);
  return { headers, values, bom };
}
