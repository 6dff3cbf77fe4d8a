// The CUIL rule (docs/decisions/019-cuil-and-member-lookup.md), table-tested with real-shaped values: 11 digits, known type
// prefix, modulo-11 check digit — a check digit of 0 is a real digit, never "missing".
import { describe, expect, test } from "vitest";
import { checkCuilParts, cuilCheckDigit, cuilTextDigits, formatCuilDigits, isValidCuil } from "./cuil";

describe("isValidCuil (text as typed or stored)", () => {
  test.each([
    ["20-42850027-0", true], // check digit 0 (demo member 14)
    ["20428500270", true],
    [" 20 42850027 0 ", true],
    ["27-28033514-8", true],
    ["27-30000004-0", true], // 27 with check digit 0
    ["23-30000002-9", true], // 20 would give 10: AFIP hands out 23 with digit 9
    ["23-30000013-4", true], // 27 would give 10: 23 with digit 4
    ["24-30000007-6", true], // 23 would give 10: 24
    ["30-50001091-2", true], // Banco de la Nación Argentina
    ["33-69345023-9", true], // AFIP
    ["20-42850027-1", false], // wrong check digit
    ["20-42850027-5", false],
    ["21-42850027-0", false], // unknown prefix
    ["99-12345678-6", false],
    ["20-4285002-0", false], // 10 digits
    ["20-428500270-0", false], // 12 digits
    ["", false],
    ["0", false],
    ["00-00000000-0", false],
    ["abc", false],
    [null, false],
  ] as const)("%s → %s", (text, ok) => expect(isValidCuil(text)).toBe(ok));
});

describe("check digit by modulo 11 (weights 5,4,3,2,7,6,5,4,3,2)", () => {
  test.each([
    [20, 42850027, 0],
    [20, 12345678, 6],
    [27, 28033514, 8],
    [30, 50001091, 2],
    [27, "05123456", 7],
    [20, 30000002, 10], // not representable: the person gets prefix 23
  ] as const)("%s-%s → %s", (p, n, d) => expect(cuilCheckDigit(p, n)).toBe(d));
});

describe("checkCuilParts (the registry's three columns)", () => {
  const parts = (cuil_prefijo: string | null, cuil_nrocentral: string | null, cuil_dtoverific: string | null) => ({
    cuil_prefijo,
    cuil_nrocentral,
    cuil_dtoverific,
  });
  test.each([
    // prefix, central, digit → kind, text
    ["20", "42850027", "0", "valid", "20-42850027-0"],
    ["20", "05123456", "5", "invalid", "20-05123456-5"],
    ["27", "5123456", "7", "valid", "27-05123456-7"], // central number left-padded to 8 digits
    ["23", "30000002", "9", "valid", "23-30000002-9"],
    ["24", "30000007", "6", "valid", "24-30000007-6"],
    ["30", "50001091", "2", "valid", "30-50001091-2"],
    ["33", "69345023", "9", "valid", "33-69345023-9"],
    [" 20 ", " 42850027 ", " 0 ", "valid", "20-42850027-0"],
    ["20", "42850027", "1", "invalid", "20-42850027-1"], // wrong check digit: present, flagged
    ["21", "42850027", "0", "invalid", "21-42850027-0"], // unknown prefix
    ["20", "4285-0027", "0", "invalid", "20-4285-0027-0"], // malformed
    ["20", "42850027", "10", "invalid", "20-42850027-10"],
    ["20", "42850027", null, "missing", null],
    ["20", "  ", "0", "missing", null],
    [null, null, null, "missing", null],
    ["", "", "", "missing", null],
    ["0", "0", "0", "missing", null], // the legacy placeholder
    ["00", "00000000", "0", "missing", null],
    ["20", "0", "0", "missing", null],
  ] as const)("%s / %s / %s → %s %s", (p, c, d, kind, text) => {
    const r = checkCuilParts(parts(p, c, d));
    expect(r.kind).toBe(kind);
    expect(r.kind === "missing" ? null : r.text).toBe(text);
  });

  test("an invalid but well-formed CUIL keeps its 11 digits (the key of the contributions)", () => {
    expect(checkCuilParts(parts("20", "42850027", "1"))).toEqual({
      kind: "invalid",
      digits: "20428500271",
      text: "20-42850027-1",
    });
  });
});

test("format and parse agree", () => {
  expect(formatCuilDigits("20428500270")).toBe("20-42850027-0");
  expect(cuilTextDigits("20-42850027-0")).toBe("20428500270");
  expect(cuilTextDigits("20-42850027")).toBeNull();
});
