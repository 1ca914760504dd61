// Reads the repository's Dockerfile and .dockerignore for the suites that run what they say without
// Docker (none on the test machines): instructions per stage, with line continuations joined, and the
// exec-form commands as the arrays Docker would run.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root: the build context of `docker build .` and of the compose file's `build: .`. */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** One instruction: its keyword in capitals and the rest of its (joined) line. */
export interface Instruction {
  keyword: string;
  args: string;
}

/** One build stage: the `FROM` line's image and `AS` name, and its instructions after FROM. */
export interface Stage {
  image: string;
  name?: string;
  steps: Instruction[];
}

/** The Dockerfile's stages in order, comments and blank lines dropped, `\` continuations joined. */
export function dockerfileStages(file = path.join(repoRoot, 'Dockerfile')): Stage[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const joined: string[] = [];
  let pending = '';
  for (const line of lines) {
    // Comment and blank lines are dropped, also inside a continued instruction, as Docker does.
    if (/^\s*#/.test(line) || line.trim() === '') continue;
    const continued = /\\\s*$/.test(line);
    pending += continued ? line.replace(/\\\s*$/, ' ') : line;
    if (!continued) {
      joined.push(pending.trim());
      pending = '';
    }
  }
  const stages: Stage[] = [];
  for (const line of joined) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      if (!image) throw new Error(`Dockerfile: FROM ${args}: expected "image" or "image AS name"`);
      stages.push({ image, name, steps: [] });
    } else {
      if (!stages.length) throw new Error(`Dockerfile: ${upper} before the first FROM`);
      stages[stages.length - 1].steps.push({ keyword: upper, args });
    }
  }
  return stages;
}

/** The arguments of the stage's only `keyword` instruction; an error if it has none or several. */
export function only(stage: Stage, keyword: string): string {
  const found = stage.steps.filter((s) => s.keyword === keyword);
  if (found.length !== 1)
    throw new Error(`Dockerfile: expected one ${keyword} in the stage FROM ${stage.image}, found ${found.length}`);
  return found[0].args;
}

/** `ENV a=1 b=2` lines of a stage as one object (later lines win, as in Docker); unquoted values only. */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const step of stage.steps.filter((s) => s.keyword === 'ENV')) {
    for (const pair of step.args.split(/\s+/)) {
      const [, name, value] = /^([A-Za-z_][A-Za-z0-9_]*)=([^"'\s]*)$/.exec(pair) ?? [];
      if (!name) throw new Error(`Dockerfile: ENV ${step.args}: only name=value pairs without quotes are read here`);
      env[name] = value;
    }
  }
  return env;
}

/** An exec-form command (`["node", "-e", "..."]`), after any `--option=value` flags and an optional `CMD`. */
export function execForm(args: string): string[] {
  const json = args.replace(/^(--\S+\s+)*/, '').replace(/^CMD\s+/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error(`Dockerfile: "${args}" is not an exec-form command (a JSON array)`);
  }
  if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === 'string'))
    throw new Error(`Dockerfile: "${args}" is not an array of strings`);
  return parsed;
}

/**
 * Whether .dockerignore leaves `rel` (a path relative to the context, with `/`) out of the context.
 * Only the forms the file uses are read: a path, which also drops what is under it, and `*` within one
 * name; anything else (`!`, `**`, `?`, `[`) is an error, so a new kind of line gets a matcher first.
 */
export function dockerignored(patterns: string[], rel: string): boolean {
  const parts = rel.split('/');
  return patterns.some((pattern) => {
    if (/[!?[\]]|\*\*/.test(pattern))
      throw new Error(`.dockerignore: "${pattern}" uses a form the test's matcher does not read`);
    const wanted = pattern.replace(/^\/+|\/+$/g, '').split('/');
    if (wanted.length > parts.length) return false;
    // Docker matches from the context's root; a match of the first names drops everything under them.
    return wanted.every((name, i) =>
      new RegExp(`^${name.replace(/[.+^${}()|\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`).test(parts[i]),
    );
  });
}

/** The .dockerignore lines that are patterns (no comments or blank lines). */
export function dockerignorePatterns(file = path.join(repoRoot, '.dockerignore')): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}
