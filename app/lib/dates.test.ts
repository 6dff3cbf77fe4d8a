import { test, expect } from "vitest";
import {
  TZ,
  addDaysISO,
  formatDateAR,
  formatDateTimeAR,
  formatPharmacyDateAR,
  isNullDate,
  isPharmacyNullDate,
  todayISO,
  weekdayISO,
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

// Calendar dates: plain calendar days, never shifted by an offset (the insurer's zone skipped a day in 1920).
test.each([
  ["2026-11-24", 1, "2026-11-25"],
  ["2026-11-24", 180, "2027-05-23"],
  ["2026-11-30", 1, "2026-12-01"], // month boundary
  ["2026-12-31", 1, "2027-01-01"], // year boundary
  ["2027-01-01", -1, "2026-12-31"],
  ["2026-03-01", -1, "2026-02-28"], // not a leap year
  ["2028-02-28", 1, "2028-02-29"], // leap day
  ["2028-02-29", 1, "2028-03-01"],
  ["2028-03-01", -1, "2028-02-29"],
  ["2100-02-28", 1, "2100-03-01"], // a century is not a leap year…
  ["2000-02-28", 1, "2000-02-29"], // …unless divisible by 400
  ["2027-08-27", 180, "2028-02-23"],
  ["2027-09-02", 180, "2028-02-29"], // 180 days landing on a leap day
  ["1920-04-30", 1, "1920-05-01"], // the day Catamarca's offset changed
  ["1900-01-01", 0, "1900-01-01"],
])("addDaysISO(%s, %i) = %s", (iso, days, out) => {
  expect(addDaysISO(iso, days)).toBe(out);
});

test.each([
  ["2030-03-04", 1], // Monday
  ["2030-03-10", 0], // Sunday
  ["2024-02-29", 4], // a leap day, Thursday
  ["2026-12-31", 4],
  ["2027-01-01", 5],
  ["1920-05-01", 6],
])("weekdayISO(%s) = %i", (iso, day) => {
  expect(weekdayISO(iso)).toBe(day);
});
