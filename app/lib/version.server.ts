// The refusal of a stale write (docs/decisions/047-record-versions.md, 081), as the screens read it: the modules
// answer it through db/version.ts (`updateVersioned`, `staleVersion`), the screens recognise it by its code (never
// by its text) to keep what the clerk typed.
import type { FailureCode } from "~db/transaction";

/** Whether a refusal is the stale one (the screens keep what was typed and say so). */
export const esVersionVieja = (f: { code?: FailureCode }) => f.code === "stale";
