// The LIKE patterns of the text searches: what the user typed is literal (% _ \ escaped), SQL-looking text is text.
// The fold itself runs in SQL: the module tests of vademecum, tramites and the professional registry cover it.
import { expect, test } from "vitest";
import { containsPattern, escapeLike, prefixPattern } from "./text-search.server";

test.each([
  ["amox", "amox"],
  ["100%", "100\\%"],
  ["a_b", "a\\_b"],
  ["c:\\x", "c:\\\\x"],
  ["' OR 1=1 --", "' OR 1=1 --"],
])("escapeLike(%s) → %s", (typed, escaped) => {
  expect(escapeLike(typed)).toBe(escaped);
  expect(containsPattern(typed)).toBe(`%${escaped}%`);
  expect(prefixPattern(typed)).toBe(`${escaped}%`);
});
