// A failure of `npm run backup` / `npm run restore` the operator reads: a Spanish sentence and no stack. Anything
// else that escapes is a bug and keeps its stack.
import { parseArgs, type ParseArgsConfig } from "node:util";

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** What a command prints for `e` and exits with: the sentence of a BackupError, else the whole error. */
export function reportFailure(e: unknown): number {
  if (e instanceof BackupError) console.error(`Error: ${e.message}`);
  else console.error(e);
  return 1;
}

/** The command's arguments, or its usage line as a BackupError (unknown option, too few or too many names). */
export function commandLine(usage: string, options: NonNullable<ParseArgsConfig["options"]>, [min, max]: number[]) {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, strict: true, options });
  } catch {
    throw new BackupError(usage);
  }
  if (parsed.positionals.length < min || parsed.positionals.length > max) throw new BackupError(usage);
  return parsed;
}
