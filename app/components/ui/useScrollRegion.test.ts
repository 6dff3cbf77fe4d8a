import { expect, test } from "vitest";
import { overflows, scrollRegionProps } from "./useScrollRegion";

test.each([
  [{ scrollWidth: 300, clientWidth: 300, scrollHeight: 200, clientHeight: 200 }, false],
  [{ scrollWidth: 301, clientWidth: 300, scrollHeight: 200, clientHeight: 200 }, false], // rounding
  [{ scrollWidth: 900, clientWidth: 390, scrollHeight: 200, clientHeight: 200 }, true],
  [{ scrollWidth: 300, clientWidth: 300, scrollHeight: 2400, clientHeight: 480 }, true],
])("overflows(%o) → %s", (el, expected) => {
  expect(overflows(el)).toBe(expected);
});

test("a scroll container is a focusable, named region; otherwise nothing is added", () => {
  expect(scrollRegionProps(true, { "aria-labelledby": "c1" })).toEqual({
    role: "region",
    tabIndex: 0,
    "aria-labelledby": "c1",
  });
  expect(scrollRegionProps(false, { "aria-label": "Tabla" })).toEqual({});
});
