// The URL state of server-side tables: every bad value falls back to its default (never an error), and the links
// the headers and the page-size form build keep the rest of the query string.
import { describe, expect, test } from "vitest";
import { MAX_PAGE, MAX_QUERY_LENGTH, nextDir, parseTableQuery, sortHref, withParams } from "./table-query";

const SORTS = ["apeynom", "usuario", "perfil"] as const;
const parse = (qs: string) => parseTableQuery(new URLSearchParams(qs), { sorts: SORTS, defaultSort: "apeynom" });

describe("parseTableQuery", () => {
  test("defaults", () => {
    expect(parse("")).toEqual({ q: "", sort: "apeynom", dir: "asc", page: 0, size: 5 });
  });

  test.each([
    ["sort=usuario", "usuario"],
    ["sort=perfil", "perfil"],
    ["sort=password", "apeynom"],
    ["sort=USUARIO", "apeynom"],
    ["sort=apeynom;drop table us_usuario", "apeynom"],
    ["sort=", "apeynom"],
  ])("%s → sort %s", (qs, sort) => expect(parse(qs).sort).toBe(sort));

  test.each([
    ["dir=desc", "desc"],
    ["dir=asc", "asc"],
    ["dir=DESC", "asc"],
    ["dir=up", "asc"],
  ])("%s → dir %s", (qs, dir) => expect(parse(qs).dir).toBe(dir));

  test("the default direction can be descending", () => {
    const q = parseTableQuery(new URLSearchParams(""), { sorts: SORTS, defaultSort: "perfil", defaultDir: "desc" });
    expect(q).toMatchObject({ sort: "perfil", dir: "desc" });
  });

  test.each([
    ["page=3", 3],
    ["page= 2 ", 2],
    ["page=-1", 0],
    ["page=1.5", 0],
    ["page=abc", 0],
    ["page=1e3", 0],
    ["page=99999999", MAX_PAGE],
    ["page=99999999999999999999", 0],
  ])("%s → page %d", (qs, page) => expect(parse(qs).page).toBe(page));

  test.each([
    ["size=5", 5],
    ["size=10", 10],
    ["size=25", 25],
    ["size=0", 5],
    ["size=-5", 5],
    ["size=7", 5],
    ["size=10000", 5],
    ["size=ten", 5],
  ])("%s → size %d", (qs, size) => expect(parse(qs).size).toBe(size));

  test("q is trimmed and cut at its maximum length", () => {
    expect(parse("q=%20perez%20").q).toBe("perez");
    expect(parse(`q=${"x".repeat(10_000)}`).q).toHaveLength(MAX_QUERY_LENGTH);
    expect(parse("q=%25_'").q).toBe("%_'");
  });
});

describe("links", () => {
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
