// A test file whose suite needs something a machine may lack (the production build, PostgreSQL binaries, a
// PostgreSQL server). `npm test` provides all of them (it builds and starts its own PostgreSQL), so a missing one
// FAILS with one test that names what is missing and how to get it: nothing skips, on CI or on a laptop.
import { test } from "vitest";

/** Whether the suite runs: `missing` is null when everything it needs is there, else what is missing. */
export function prerequisite(title: string, missing: string | null): boolean {
  if (!missing) return true;
  test(`${title} — falta: ${missing}`, () => {
    throw new Error(`${title}: ${missing} (npm test lo provee: compila y arranca su propio PostgreSQL)`);
  });
  return false;
}
