// Turns zod issues into the spec 7 detail strings `<path>: <problem>`.
import type { z } from 'zod';

/** Formats a path like `steps[1].fields[0].validation.min` from zod's path segments. */
export function formatPath(segments: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const seg of segments) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out || '(root)';
}

/** One `<path>: <problem>` line per zod issue; unknown keys get one line each. */
export function zodProblems(error: z.ZodError, prefix = ''): string[] {
  const out: string[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push(`${formatPath([...issue.path, key], prefix)}: unknown field`);
    } else {
      out.push(`${formatPath(issue.path, prefix)}: ${issue.message}`);
    }
  }
  return out;
}
