// The command line's first word: start the server (no word), a subcommand, --help or --version.
import { ConfigError } from '../config.ts';
import { adminLink } from './admin-link.ts';
import { backup } from './backup.ts';
import { decrypt } from './decrypt.ts';
import { helpText } from './help.ts';
import { migrate } from './migrate.ts';
import { verify } from './verify.ts';
import { version } from './version.ts';

/** A subcommand: runs to completion and returns the lines to print. */
type Command = (argv: string[], env: NodeJS.ProcessEnv) => Promise<string[]>;

const subcommands: Record<string, Command> = {
  'admin-link': adminLink,
  backup,
  decrypt,
  migrate,
  verify,
};

/** Whether `argv` names no subcommand: the server (or --help, --version). */
export const startsServer = (argv: string[]): boolean => argv[0] === undefined || argv[0].startsWith('-');

/**
 * What argv asks for: `serve` with the server's flags, or the output of a command that has already run.
 * A stray word or an unknown subcommand is a ConfigError (one line).
 */
export async function runCommandLine(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ serve: string[] } | { printed: string[] }> {
  if (argv.includes('--help') || argv.includes('-h')) return { printed: [helpText().trimEnd()] };
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) return { printed: [version] };
  if (startsServer(argv)) return { serve: argv };
  const [first, ...rest] = argv;
  const command = subcommands[first];
  if (!command)
    throw new ConfigError(`${first}: unknown command (commands: ${Object.keys(subcommands).join(', ')}; see --help)`);
  return { printed: await command(rest, env) };
}
