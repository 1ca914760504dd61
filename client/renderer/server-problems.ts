// Server problems (spec 7: `details` lines `<path>: <message>`) back onto the fields they name.

/** Field messages by key, and the lines that name no field of the form. */
export interface MappedProblems {
  errors: Record<string, string>;
  general: string[];
}

// `values.email: ...` or, for keys that are not plain names, `values["first name"]: ...` (engine problems.ts).
const valueLine = /^values(?:\.([A-Za-z_$][\w$-]*)|\[("(?:[^"\\]|\\.)*")\]): (.*)$/s;

/** Splits problem lines into per-field messages (first one per field wins) and the rest. */
export function mapServerProblems(problems: readonly string[], fieldKeys: ReadonlySet<string>): MappedProblems {
  const errors: Record<string, string> = {};
  const general: string[] = [];
  for (const line of problems) {
    const m = valueLine.exec(line);
    let key: string | undefined;
    if (m) {
      try {
        key = m[1] ?? (JSON.parse(m[2]) as string);
      } catch {
        key = undefined;
      }
    }
    if (key !== undefined && fieldKeys.has(key)) {
      if (!(key in errors)) errors[key] = m![3];
    } else general.push(line.replace(/^values: /, ''));
  }
  return { errors, general };
}
