// V8 flags the server sets on itself (v8.setFlagsFromString), for settings `node dist/formstead.mjs` is not given
// on its command line. A flag the operator gave node (its command line or NODE_OPTIONS) stays theirs.
import { setFlagsFromString } from 'node:v8';

/**
 * Sets V8's `--<name>` to `value` unless `execArgv` or `nodeOptions` names the flag (V8 reads dashes and
 * underscores alike); returns whether it set it.
 */
export function setV8Flag(
  name: string,
  value: number,
  execArgv = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  const named = new RegExp(`--${name.replace(/[-_]/g, '[-_]')}(?![-_\\w])`);
  if ([...execArgv, nodeOptions].some((arg) => named.test(arg))) return false;
  setFlagsFromString(`--${name}=${value}`);
  return true;
}
