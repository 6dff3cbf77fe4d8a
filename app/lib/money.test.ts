import { expect, test } from "vitest";
import { formatPesos } from "./money";

const plain = (s: string) => s.replace(/\u00a0|\u202f/g, " ");

test.each<[number | string | null | undefined, string]>([
  [1234.5, "$ 1.234,50"],
  [0, "$ 0,00"],
  ["98765.432", "$ 98.765,43"],
  [-10, "-$ 10,00"],
  [null, ""],
  [undefined, ""],
  ["", ""],
  ["abc", ""],
])("formatPesos(%j) = %j", (input, expected) => {
  expect(plain(formatPesos(input))).toBe(expected);
});
