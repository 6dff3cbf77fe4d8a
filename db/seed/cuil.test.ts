import { test, expect } from "vitest";
import { checkCuilParts, cuilText, isValidCuil as appIsValidCuil } from "~/modules/afiliados/rules.ts";
import { checkDigit, cuilFor, cuitForCompany, formatCuil, isValidCuil } from "./cuil.ts";

test.each([
  ["20-12345678-6", true],
  ["20123456786", true],
  ["30-50001091-2", true], // Banco de la Nación Argentina
  ["33-69345023-9", true], // AFIP
  ["30-70308853-4", true],
  ["27-28033514-8", true],
  ["20-12345678-5", false],
  ["20-1234567-6", false],
  ["99-12345678-6", false],
  ["", false],
  ["abc", false],
])("isValidCuil(%s) = %s", (cuil, ok) => {
  expect(isValidCuil(cuil)).toBe(ok);
});

test("check digit by modulo 11", () => {
  expect(checkDigit(20, 12345678)).toBe(6);
  expect(checkDigit(30, 50001091)).toBe(2);
});

test("prefix by sex and the digit-10 special cases", () => {
  // find documents whose 20/27 digit would be 10
  let male = 0;
  let female = 0;
  for (let dni = 10_000_000; (male === 0 || female === 0) && dni < 10_100_000; dni++) {
    if (!male && checkDigit(20, dni) === 10) male = dni;
    if (!female && checkDigit(27, dni) === 10) female = dni;
  }
  expect(cuilFor(male, "M")).toEqual({ prefijo: 23, nrocentral: male, dtoverific: 9 });
  expect(cuilFor(female, "F")).toEqual({ prefijo: 23, nrocentral: female, dtoverific: 4 });
  expect(isValidCuil(formatCuil(cuilFor(male, "M")))).toBe(true);
  expect(isValidCuil(formatCuil(cuilFor(female, "F")))).toBe(true);
  expect(cuilFor(12345678, "M").prefijo).toBe(20);
  expect(cuilFor(12345678, "F").prefijo).toBe(27);
});

test("every generated CUIL and CUIT over a range is valid", () => {
  for (let n = 20_000_000; n < 20_002_000; n++) {
    expect(isValidCuil(formatCuil(cuilFor(n, n % 2 ? "M" : "F")))).toBe(true);
    expect(isValidCuil(formatCuil(cuitForCompany(n)))).toBe(true);
  }
});

test("the seed validates with the app's one CUIL rule (docs/decisions/019-cuil-and-member-lookup.md)", () => {
  expect(isValidCuil).toBe(appIsValidCuil);
});

test("a generated CUIL whose check digit is 0 is valid and shown as registered by the app", () => {
  const c = cuilFor(42850027, "M"); // demo member 14
  expect(c).toEqual({ prefijo: 20, nrocentral: 42850027, dtoverific: 0 });
  const parts = {
    cuil_prefijo: String(c.prefijo),
    cuil_nrocentral: String(c.nrocentral).padStart(8, "0"),
    cuil_dtoverific: String(c.dtoverific),
  };
  expect(checkCuilParts(parts).kind).toBe("valid");
  expect(cuilText(parts, "long")).toBe("20-42850027-0");
});
