// The public lookup reads its DNI through the one DNI schema of app/lib/input.ts (same rule, same message), after
// dropping the dots and spaces people type.
import { expect, test } from "vitest";
import { dniSchema, MSG_DNI_INVALIDO, parseInput } from "~/lib/input";
import { ConsultaSchema } from "./consulta.schema";

const lookup = (dni: unknown, website?: unknown) => parseInput(ConsultaSchema, { dni, website });

test.each(["12345678", "1234567", " 12345678 ", "12.345.678", "1.234.567"])("%s is a DNI", (dni) => {
  expect(lookup(dni)).toEqual({ ok: true, data: { dni: dni.replace(/[.\s]/g, ""), website: "" } });
});

test.each(["", "123456", "123456789", "12a45678", "12-345-678", "9".repeat(21), 12345678, null])(
  "%s is refused with the one DNI message",
  (dni) => {
    expect(lookup(dni)).toEqual({
      ok: false,
      msg: MSG_DNI_INVALIDO,
      errors: [{ param: "dni", msg: MSG_DNI_INVALIDO }],
    });
  },
);

test("whatever dniSchema refuses, the lookup refuses too", () => {
  for (const dni of ["abc", "1234", "123456789", "' OR 1=1 --"]) {
    expect(dniSchema.safeParse(dni).success).toBe(false);
    expect(lookup(dni).ok).toBe(false);
  }
});

test("the honeypot: empty by default, anything unreadable counts as filled", () => {
  expect(lookup("12345678", "http://spam")).toMatchObject({ ok: true, data: { website: "http://spam" } });
  expect(lookup("12345678", 42)).toMatchObject({ ok: true, data: { website: "?" } });
  expect(lookup("12345678", "x".repeat(501))).toMatchObject({ ok: true, data: { website: "?" } });
});
