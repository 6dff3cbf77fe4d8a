// The sign-in tables' housekeeping, run by the scheduler (server/housekeeping.ts, in the one process that owns the
// schedule): sessions that ended more than a day ago and failed password guesses older than the day the throttle
// remembers are deleted (docs/decisions/045-database-outage-answer.md).
import { purgeOldFailedGuesses } from "./login.server";
import { purgeEndedSessions } from "./sessions.server";

export type AuthPurge = { sesiones: number; intentos: number };

export async function purgeAuthRows(now = new Date()): Promise<AuthPurge> {
  return { sesiones: await purgeEndedSessions(now), intentos: await purgeOldFailedGuesses(now) };
}
