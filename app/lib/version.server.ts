// The refusal of a stale write (docs/decisions/047-record-versions.md), server side: the modules answer it, the
// screens recognise it by its code (never by its text) to keep what the clerk typed.
import { fail, type FailureCode } from "~db/transaction";
import { MSG_VERSION_VIEJA } from "~/lib/version";

/** The 409 of a write whose version is older than the stored one (on `param`): nothing was changed. */
export const versionVieja = (param = "version") => fail(409, MSG_VERSION_VIEJA, param, "stale");

/** Whether a refusal is versionVieja's (the screens keep what was typed and say so). */
export const esVersionVieja = (f: { code?: FailureCode }) => f.code === "stale";
