// The audit colour rule (spec part 2 §4: 15 and 30 minutes from the shift start or end) and the display helpers.
import { describe, expect, test } from "vitest";
import {
  FAST_AUDIT_SECONDS,
  LONG_GAP_SECONDS,
  delayState,
  formatCoseguro,
  formatMetricCount,
  formatMetricMinutes,
  formatMinutes,
  formatShiftTime,
  formatWallClock,
  minutesBetween,
  secondsToMinutes,
  shiftEndState,
  shiftStartState,
} from "./rules";

test("thresholds of spec §4", () => {
  expect(FAST_AUDIT_SECONDS).toBe(120);
  expect(LONG_GAP_SECONDS).toBe(900);
});

describe("shift start: first audit against the shift start", () => {
  test.each([
    ["08:00:00", "07:30:00", "ok"], // before the start
    ["08:00:00", "08:00:00", "ok"],
    ["08:00:00", "08:15:00", "ok"], // exactly 15
    ["08:00:00", "08:15:01", "warning"],
    ["08:00:00", "08:30:00", "warning"], // exactly 30
    ["08:00:00", "08:30:01", "late"],
    ["13:00:00", "15:45:00", "late"],
  ] as const)("shift %s, first audit %s → %s", (inicio, primera, state) => {
    expect(shiftStartState(inicio, primera)).toBe(state);
  });
});

describe("shift end: shift end against the last audit", () => {
  test.each([
    ["14:00:00", "14:20:00", "ok"], // after the end
    ["14:00:00", "14:00:00", "ok"],
    ["14:00:00", "13:45:00", "ok"], // exactly 15 before
    ["14:00:00", "13:44:59", "warning"],
    ["14:00:00", "13:30:00", "warning"], // exactly 30 before
    ["14:00:00", "13:29:59", "late"],
    ["20:00:00", "09:00:00", "late"],
  ] as const)("shift end %s, last audit %s → %s", (fin, ultima, state) => {
    expect(shiftEndState(fin, ultima)).toBe(state);
  });
});

test.each([
  [-5, "ok"],
  [0, "ok"],
  [15, "ok"],
  [15.01, "warning"],
  [30, "warning"],
  [30.5, "late"],
] as const)("delayState(%s) → %s", (m, s) => expect(delayState(m)).toBe(s));

test("minutes and formats", () => {
  expect(minutesBetween("08:00", "08:40:30")).toBe(40.5);
  expect(minutesBetween("14:00:00", "13:30:00")).toBe(-30);
  expect(secondsToMinutes(90)).toBe(1.5);
  expect(secondsToMinutes(37410 / 7)).toBe(89.07);
  expect(secondsToMinutes(null)).toBeNull();
  expect(formatMinutes(12.5)).toBe("12,5 min");
  expect(formatMinutes(0)).toBe("0 min");
  expect(formatMinutes(59.94)).toBe("59,9 min");
  expect(formatMinutes(65)).toBe("1 h 05 min");
  expect(formatMinutes(610.5)).toBe("10 h 11 min");
  expect(formatMinutes(null)).toBe("");
  expect(formatWallClock("2025-03-11 08:40:00")).toBe("11/03/2025 08:40:00");
  expect(formatWallClock(null)).toBe("");
  expect(formatShiftTime("08:00:00")).toBe("08:00");
});

test("metric cells: '-' where a metric does not exist (null: no gap, no audit with a time, …), never an exception", () => {
  expect(formatMetricMinutes(null)).toBe("-");
  expect(formatMetricMinutes(undefined)).toBe("-");
  expect(formatMetricMinutes(0)).toBe("0 min");
  expect(formatMetricMinutes(65)).toBe("1 h 05 min");
  expect(formatMetricCount(null)).toBe("-");
  expect(formatMetricCount(undefined)).toBe("-");
  expect(formatMetricCount(0)).toBe("0");
  expect(formatMetricCount(1234)).toBe("1.234");
});

test.each([
  [null, "$\u00a00,00"],
  [undefined, "$\u00a00,00"],
  ["", "$\u00a00,00"],
  ["0.00", "$\u00a00,00"],
  ["0", "$\u00a00,00"],
  ["1500.00", "$\u00a01.500,00"],
  ["11950.5", "$\u00a011.950,50"],
])("consumed authorisation's coseguro %j → %j (none is $ 0,00, never blank)", (coseguro, shown) => {
  expect(formatCoseguro(coseguro)).toBe(shown);
});
