// A test file whose suite needs something a machine may lack (the production build, PostgreSQL binaries, a
// PostgreSQL server). `npm test` provides all of them, so under CI a missing one FAILS the run (nothing may skip
// there silently); elsewhere (vitest alone on a laptop) it is one skipped test that names what is missing.
import { test } from "vitest";

/** Whether the suite runs: `missing` is null when everything it needs is there, else what is missing. */
export function prerequisite(title: string, missing: string | null): boolean {
  if (!missing) return true;
  if (process.env.CI) {
    test(`${title} — falta: ${missing}`, () => {
      throw new Error(`${title}: ${missing}`);
    });
  } else {
    test.skip(`${title} — skipped: ${missing}`, () => undefined);
  }
  return false;
}
