// The audit screen's filters: real calendar dates only (an impossible date used to pass a regex and fail in
// Postgres), blanks and unreadable values dropped; a bad page refused with its message, as in every list (ADR 050).
import { expect, test } from "vitest";
import { parseInput } from "~/lib/input";
import { MSG_PAGE } from "~/lib/table-state";
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

test("a too long text falls back to no filter", () => {
  expect(parse({ usuario: "u".repeat(65) })).toEqual({ page: 0 });
});

test.each(["-1", "abc", "1.5", "9".repeat(10)])("a bad page %s is refused with its message (ADR 050)", (page) => {
  const parsed = parseInput(AuditFilterSchema, { page });
  expect(parsed).toMatchObject({ ok: false, msg: MSG_PAGE });
});
