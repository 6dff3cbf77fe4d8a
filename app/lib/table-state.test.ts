// The one table query (ADR 050): every list reads page, size, sort and dir through ~/lib/table-state, and a bad value
// is refused with its Spanish message, never clamped; absent or blank takes the list's default. And the links the
// headers and the page-size form build keep the rest of the query string.
import { describe, expect, test } from "vitest";
import { parseInput } from "~/lib/input";
import { z } from "~/lib/zod";
import {
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  MSG_DIR,
  MSG_PAGE,
  MSG_SIZE,
  MSG_SORT,
  msgSizeOf,
  msgSizeUpTo,
  nextDir,
  PAGE_SIZES,
  pagingShape,
  sortHref,
  tableQuerySchema,
  withoutTableParams,
  withParams,
} from "./table-state";

const SORTS = ["apeynom", "usuario", "perfil"] as const;
const table = tableQuerySchema({ sorts: SORTS, defaultSort: "apeynom", sizes: PAGE_SIZES, size: 5 });
const list = z.object(pagingShape({ size: 20 }));
const query = (schema: z.ZodType, qs: string) => parseInput(schema, Object.fromEntries(new URLSearchParams(qs)));
const refusal = (schema: z.ZodType, qs: string) => {
  const r = query(schema, qs);
  return r.ok ? null : r.errors[0];
};

describe("a table (sorts and a choice of sizes)", () => {
  test("defaults", () => {
    expect(query(table, "")).toEqual({ ok: true, data: { q: "", sort: "apeynom", dir: "asc", page: 0, size: 5 } });
    expect(query(table, "sort=&dir=&page=%20&size=")).toMatchObject({ data: { sort: "apeynom", page: 0, size: 5 } });
  });

  test("good values are read as given", () => {
    expect(query(table, "q=%20ana%20&sort=usuario&dir=desc&page=%202%20&size=25")).toEqual({
      ok: true,
      data: { q: "ana", sort: "usuario", dir: "desc", page: 2, size: 25 },
    });
  });

  test("the default direction can be descending", () => {
    const desc = tableQuerySchema({ sorts: SORTS, defaultSort: "perfil", defaultDir: "desc", sizes: [10], size: 10 });
    expect(query(desc, "")).toMatchObject({ data: { sort: "perfil", dir: "desc", size: 10 } });
  });

  // the one rule: every bad value is refused with its param and message
  test.each([
    ["page=-1", "page", MSG_PAGE],
    ["page=1.5", "page", MSG_PAGE],
    ["page=abc", "page", MSG_PAGE],
    ["page=1e3", "page", MSG_PAGE],
    ["page=99999999999999999999", "page", MSG_PAGE],
    ["page=1%20OR%201=1", "page", MSG_PAGE],
    ["size=0", "size", msgSizeOf(PAGE_SIZES)],
    ["size=7", "size", msgSizeOf(PAGE_SIZES)],
    ["size=10000", "size", msgSizeOf(PAGE_SIZES)],
    ["size=ten", "size", msgSizeOf(PAGE_SIZES)],
    ["sort=password", "sort", MSG_SORT],
    ["sort=USUARIO", "sort", MSG_SORT],
    ["sort=apeynom;drop%20table%20us_usuario", "sort", MSG_SORT],
    ["sort=__proto__", "sort", MSG_SORT],
    ["dir=DESC", "dir", MSG_DIR],
    ["dir=up", "dir", MSG_DIR],
    ["dir=%3Cscript%3E", "dir", MSG_DIR],
  ])("%s → refused (%s)", (qs, param, msg) => expect(refusal(table, qs)).toEqual({ param, msg }));

  test("the sizes message names the choices", () => {
    expect(msgSizeOf(PAGE_SIZES)).toBe("El tamaño de página debe ser 5, 10 o 25");
  });

  test("the search text is a filter, not a paging value: trimmed and cut at its maximum length", () => {
    const r = parseInput(table, { q: "x".repeat(10_000) });
    expect(r.ok && r.data.q).toHaveLength(MAX_QUERY_LENGTH);
    expect(query(table, "q=%25_'")).toMatchObject({ data: { q: "%_'" } });
  });
});

describe("a list (one default size, 1..100 for an API client)", () => {
  test("defaults and good values", () => {
    expect(query(list, "")).toEqual({ ok: true, data: { page: 0, size: 20 } });
    expect(query(list, `page=123456789&size=${MAX_PAGE_SIZE}`)).toEqual({
      ok: true,
      data: { page: 123456789, size: MAX_PAGE_SIZE },
    });
  });

  test.each([
    ["page=-1", "page", MSG_PAGE],
    ["page=9999999999", "page", MSG_PAGE],
    ["page=%00", "page", MSG_PAGE],
    ["size=0", "size", MSG_SIZE],
    ["size=101", "size", MSG_SIZE],
    ["size=-5", "size", MSG_SIZE],
    ["size=abc", "size", MSG_SIZE],
  ])("%s → refused (%s)", (qs, param, msg) => expect(refusal(list, qs)).toEqual({ param, msg }));

  test("a list whose contract allows more says so in its message", () => {
    const big = z.object(pagingShape({ size: 50, max: 200 }));
    expect(query(big, "size=200")).toMatchObject({ ok: true, data: { size: 200 } });
    expect(refusal(big, "size=201")).toEqual({ param: "size", msg: msgSizeUpTo(200) });
  });

  test("a repeated or non-string value is refused, not read", () => {
    expect(parseInput(list, { page: ["1", "2"] }).ok).toBe(false);
    expect(parseInput(list, { size: 20 }).ok).toBe(false);
  });
});

describe("links", () => {
  test("withoutTableParams drops paging and sorting, keeps the filters", () => {
    expect(withoutTableParams("?q=ana&page=-1&size=7&sort=x&dir=up&editar=3")).toBe("?q=ana&editar=3");
    expect(withoutTableParams("?page=abc")).toBe("");
  });

  test("withParams sets, removes and keeps the other parameters", () => {
    expect(withParams("?q=ana&page=2&size=10", { page: null })).toBe("?q=ana&size=10");
    expect(withParams("q=ana", { sort: "usuario" })).toBe("?q=ana&sort=usuario");
    expect(withParams("?page=1", { page: null })).toBe("");
  });

  test("a header sorts ascending first, then toggles on the sorted column", () => {
    expect(nextDir("usuario", { sort: "apeynom", dir: "asc" })).toBe("asc");
    expect(nextDir("usuario", { sort: "usuario", dir: "asc" })).toBe("desc");
    expect(nextDir("usuario", { sort: "usuario", dir: "desc" })).toBe("asc");
  });

  test("a sort link keeps the search and the page size and goes back to the first page", () => {
    expect(sortHref("?q=ana&size=10&page=3&sort=apeynom&dir=asc", "apeynom", { sort: "apeynom", dir: "asc" })).toBe(
      "?q=ana&size=10&sort=apeynom&dir=desc",
    );
  });
});
