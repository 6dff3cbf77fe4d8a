// The audit screen's filters: real calendar dates only (an impossible date used to pass a regex and fail in
// Postgres), blanks and unreadable values dropped, the page bounded.
import { expect, test } from "vitest";
import { parseInput } from "~/lib/input";
import { AuditFilterSchema } from "./filter.schema";

const parse = (q: Record<string, string>) => {
  const parsed = parseInput(AuditFilterSchema, q);
  if (!parsed.ok) throw new Error(parsed.msg);
  return parsed.data;
};

test("a full filter is read as written (trimmed)", () => {
  expect(parse({ usuario: " admin ", accion: "login", desde: "2026-01-01", hasta: "2026-02-28", page: "2" })).toEqual({
    usuario: "admin",
    accion: "login",
    desde: "2026-01-01",
    hasta: "2026-02-28",
    page: 2,
  });
});

test("blank boxes and an empty query mean no filter, page 0", () => {
  expect(parse({ usuario: "  ", accion: "", desde: "", hasta: " " })).toEqual({ page: 0 });
  expect(parse({})).toEqual({ page: 0 });
});

test.each(["2026-02-30", "2026-13-01", "01/02/2026", "2026-1-1", "x".repeat(200)])(
  "the date %s is dropped, not passed to the database",
  (bad) => {
    expect(parse({ desde: bad, hasta: bad })).toEqual({ page: 0 });
  },
);

test("too long texts and a bad page fall back", () => {
  expect(parse({ usuario: "u".repeat(65), page: "-1" })).toEqual({ page: 0 });
  expect(parse({ page: "abc" }).page).toBe(0);
  expect(parse({ page: "100001" }).page).toBe(0);
});
