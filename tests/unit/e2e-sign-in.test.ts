// Playwright signs each demo user in once per worker and shares the session (tests/e2e/fixtures.ts, ADR 084): a spec
// asks for it with `signIn(page, ADMIN)`. Only the specs listed here sign a demo user in through the form, each for
// its reason; a throwaway user (created by the test) still signs in through the form anywhere.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const E2E = path.resolve(import.meta.dirname, "..", "e2e");

const THROUGH_THE_FORM: Record<string, string> = {
  "login.spec.ts": "tests the sign-in itself",
  "login.nojs.spec.ts": "tests the sign-in itself",
  "session.spec.ts": "signs out and changes passwords: the session is its own",
  "session.nojs.spec.ts": "changes a password: the session is its own",
  "hostile-input.spec.ts": "the hostile project: signs out through a forged request",
  "turnos-live.spec.ts": "a tab signs out and the grid hears it; streams are bounded per session",
};

/** `login(page, ADMIN.usuario, …)`, `submitLogin(page, "admin", …)`: a demo user through the form. */
const DEMO_USER_FORM =
  /\b(?:login|submitLogin)\(\s*[\w.]+,\s*(?:(?:ADMIN|CONSULTA|PRESTADOR)\.usuario|"(?:admin|consulta|33-57035919-9)")/;

describe("e2e sign-in", () => {
  test("a demo user signs in through the form only in the specs that test the sign-in or end the session", () => {
    const found = readdirSync(E2E)
      .filter((name) => name.endsWith(".ts") && !THROUGH_THE_FORM[name])
      .flatMap((name) =>
        readFileSync(path.join(E2E, name), "utf8")
          .split("\n")
          .flatMap((line, i) => (DEMO_USER_FORM.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  test("every listed spec still exists", () => {
    expect(Object.keys(THROUGH_THE_FORM).filter((name) => !existsSync(path.join(E2E, name)))).toEqual([]);
  });
});
