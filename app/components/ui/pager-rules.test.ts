import { test, expect } from "vitest";
import { pageHref, pageInfo } from "./pager-rules";

test.each([
  // page, size, total, current, pages, hasPrev, hasNext
  [0, 20, 0, 1, 1, false, false],
  [0, 20, 1, 1, 1, false, false],
  [0, 20, 20, 1, 1, false, false], // exactly one page: total <= (0+1)*20
  [0, 20, 21, 1, 2, false, true],
  [1, 20, 21, 2, 2, true, false],
  [1, 20, 40, 2, 2, true, false], // total <= (1+1)*20
  [1, 20, 41, 2, 3, true, true],
  [4, 20, 95, 5, 5, true, false],
  [2, 10, 1000, 3, 100, true, true],
  [-1, 20, 50, 1, 3, false, true], // negative page clamps to the first
  [0, 0, 50, 1, 1, false, false], // nonsense size: a single page
  [5, 20, 30, 6, 6, true, false], // page past the end still reads 'n de m' with n <= m
])("pageInfo(%i, %i, %i) → %i de %i, prev %s, next %s", (page, size, total, current, pages, hasPrev, hasNext) => {
  expect(pageInfo(page, size, total)).toEqual({ current, pages, hasPrev, hasNext });
});

test.each([
  ["/tramites", "", 0, "/tramites?page=0"],
  ["/tramites", "tipo_documento=NOTA&iniciador=a+b", 2, "/tramites?tipo_documento=NOTA&iniciador=a+b&page=2"],
  ["/consulta-vademecum", "search=true&producto=ibu&page=9", 1, "/consulta-vademecum?search=true&producto=ibu&page=1"],
])("pageHref(%s, %s, %i) → %s", (path, query, page, href) => {
  expect(pageHref(path, query, page)).toBe(href);
});
