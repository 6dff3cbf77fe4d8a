import { test, expect } from "vitest";
import {
  TZ,
  formatDateAR,
  formatDateTimeAR,
  formatPharmacyDateAR,
  isNullDate,
  isPharmacyNullDate,
  todayISO,
} from "./dates";

// Intl separates the currency sign with a no-break space; compare with plain spaces.

test("time zone is Catamarca", () => {
  expect(TZ).toBe("America/Argentina/Catamarca");
});

test.each([
  ["2026-05-11T02:30:00Z", "2026-05-10"], // still the 10th in Catamarca (UTC-3)
  ["2026-05-11T02:59:59Z", "2026-05-10"],
  ["2026-05-11T03:00:00Z", "2026-05-11"], // local midnight
  ["2026-05-10T12:00:00Z", "2026-05-10"],
  ["2026-01-01T01:00:00Z", "2025-12-31"], // year boundary
])("todayISO(%s) = %s", (now, expected) => {
  expect(todayISO(new Date(now))).toBe(expected);
});

test("todayISO defaults to now and has ISO shape", () => {
  expect(todayISO()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test.each<[string | Date | null | undefined, string]>([
  ["2024-03-05", "05/03/2024"],
  ["2024-03-05T00:00:00.000Z", "05/03/2024"], // date sent as midnight UTC keeps its calendar day
  ["2024-03-05T02:00:00Z", "04/03/2024"], // a real instant is shown in Catamarca time
  ["2024-03-05T15:20:00-03:00", "05/03/2024"],
  [new Date("2024-03-05T12:00:00Z"), "05/03/2024"],
  ["0001-01-01", ""],
  ["0001-01-01T00:00:00.000Z", ""],
  ["", ""],
  ["  ", ""],
  [null, ""],
  [undefined, ""],
  ["hola", "FECHA INV"],
  ["2024-02-30", "FECHA INV"],
  ["05/03/2024", "FECHA INV"],
  [new Date("nope"), "FECHA INV"],
])("formatDateAR(%j) = %j", (input, expected) => {
  expect(formatDateAR(input)).toBe(expected);
});

test.each<[string | null, string]>([
  ["2026-05-11T02:30:00Z", "10/05/2026 23:30"],
  ["2026-05-11T15:05:00Z", "11/05/2026 12:05"],
  ["2026-05-11", "11/05/2026"],
  ["0001-01-01", ""],
  [null, ""],
  ["xx", "FECHA INV"],
])("formatDateTimeAR(%j) = %j", (input, expected) => {
  expect(formatDateTimeAR(input)).toBe(expected);
});

test.each<[string | null | undefined, boolean]>([
  ["", true],
  [null, true],
  [undefined, true],
  ["0001-01-01", true],
  ["0001-01-01T00:00:00Z", true],
  ["1900-01-01", false],
  ["2024-01-01", false],
])("isNullDate(%j) = %s", (input, expected) => {
  expect(isNullDate(input)).toBe(expected);
});

test.each<[string | null, boolean, string]>([
  ["1900-01-01", true, "Sin info"],
  ["1900-01-01T00:00:00.000Z", true, "Sin info"],
  ["2023-07-14", false, "14/07/2023"],
  [null, false, ""],
])("pharmacy date %j: sentinel %s, shown %j", (input, sentinel, shown) => {
  expect(isPharmacyNullDate(input)).toBe(sentinel);
  expect(formatPharmacyDateAR(input)).toBe(shown);
});
