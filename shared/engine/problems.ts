// How problem paths are written, shared by checkDefinition and evaluateSubmission so both read alike:
// `steps[1].fields[0].validation.min`, `values.email`. A key that is not a plain name is quoted,
// `values["first name"]`, so a problem line stays one unambiguous line whatever the key holds.

const plainName = /^[A-Za-z_$][\w$-]*$/;

/** Writes a path of property names and array indexes; an empty path is written as `prefix` or `(root)`. */
export function formatPath(segments: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const name = String(segment);
      out += plainName.test(name) ? (out === '' ? name : `.${name}`) : `[${JSON.stringify(name)}]`;
    }
  }
  return out === '' ? '(root)' : out;
}

/** The path of a submitted value: `values.<key>`. */
export function valuePath(key: string): string {
  return formatPath([key], 'values');
}
