import { expect, test } from "vitest";
import { formatCount, formatDecimal, formatFileSize } from "./numbers";

test.each<[number, string]>([
  [0, "0"],
  [7, "7"],
  [1000, "1.000"],
  [12345, "12.345"],
  [1234567, "1.234.567"],
  [-2500, "-2.500"],
  [99.6, "100"],
])("formatCount(%j) = %j", (n, expected) => {
  expect(formatCount(n)).toBe(expected);
});

test.each<[number, number, string]>([
  [12.345, 1, "12,3"],
  [12.345, 2, "12,35"],
  [1234.5, 2, "1.234,5"],
  [50, 2, "50"],
  [0.05, 1, "0,1"],
])("formatDecimal(%j, %j) = %j", (n, digits, expected) => {
  expect(formatDecimal(n, digits)).toBe(expected);
});

test.each([
  [0, "0 bytes"],
  [1023, "1.023 bytes"],
  [1024, "1 KB"],
  [316009, "308,6 KB"],
  [5 * 1024 * 1024 + 200 * 1024, "5,2 MB"],
])("formatFileSize(%j) = %j", (bytes, expected) => {
  expect(formatFileSize(bytes)).toBe(expected);
});
