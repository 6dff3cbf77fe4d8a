// The one meaning of a DataGrid's sort and filter (docs/decisions/059), as the server table and AG Grid apply it.
import { describe, expect, test } from "vitest";
import type { Column } from "./DataTable";
import {
  compareCells,
  filterRows,
  foldText,
  gridComparator,
  keepLoaderOnGridChange,
  readGridState,
  shownRows,
  sortRows,
} from "./grid-rules";
import { keepViewParams, onlyViewParamsChanged, queryText, sortHref, viewParamsOf } from "~/lib/table-state";

type Row = { id: number; nombre: string; monto: string | null; fecha: string | null; cant: number | null };
const rows: Row[] = [
  { id: 1, nombre: "Pérez Ana", monto: "1500.50", fecha: "2025-03-10", cant: 10 },
  { id: 2, nombre: "ñandú club", monto: null, fecha: "2024-12-31", cant: 9 },
  { id: 3, nombre: "Oso", monto: "200", fecha: null, cant: null },
  { id: 4, nombre: "avión", monto: "1500.5", fecha: "2025-03-10", cant: 100 },
  { id: 5, nombre: "Nube", monto: "-3", fecha: "2025-01-02", cant: 0 },
];
const columns: Column<Row>[] = [
  { key: "nombre", header: "Nombre" },
  {
    key: "monto",
    header: "Monto",
    sortAs: "number",
    value: (r) => r.monto,
    render: (r) => (r.monto == null ? "-" : `$ ${Number(r.monto).toFixed(2).replace(".", ",")}`),
  },
  { key: "fecha", header: "Fecha", render: (r) => (r.fecha ? r.fecha.split("-").reverse().join("/") : "Sin fecha") },
  { key: "cant", header: "Cantidad" },
  { key: "acciones", header: "", render: () => "Ver" },
];
const ids = (list: Row[]) => list.map((r) => r.id);

describe("compareCells", () => {
  test.each([
    [2, 10, undefined, -1], // numbers numerically, not as text
    ["9", "10", "number", -1],
    ["1500.50", "1500.5", "number", 0],
    ["10/03/2025", "31/12/2024", "date", 1], // dd/mm/yyyy as dates
    ["2025-03-10 09:00:00", "2025-03-10 10:00", undefined, -1], // ISO date-times
    ["ábaco", "avión", undefined, -1], // accents do not push a word to the end
    ["Ñandú", "nube", undefined, 1], // ñ after n (es-AR)
    ["oso", "OSO", undefined, 0], // case ignored
    ["item 9", "item 10", undefined, -1], // digits inside text as numbers
    [null, 1, undefined, 1], // blank last
    ["", "a", undefined, 1],
    [null, null, undefined, 0],
    ["abc", "1", "number", 1], // not a number: blank
  ] as const)("%j vs %j (%s) → %i", (a, b, kind, sign) => {
    expect(Math.sign(compareCells(a, b, kind))).toBe(sign);
  });
});

describe("sortRows", () => {
  test("text es-AR with accents, both directions", () => {
    // accents and case ignored (avión before Nube), ñ its own letter after n
    expect(sortRows(rows, columns, { key: "nombre", dir: "asc" }).map((r) => r.nombre)).toEqual([
      "avión",
      "Nube",
      "ñandú club",
      "Oso",
      "Pérez Ana",
    ]);
    expect(ids(sortRows(rows, columns, { key: "nombre", dir: "desc" }))).toEqual([1, 3, 2, 5, 4]);
  });
  test("numbers numerically, blanks last in both directions, ties keep their order", () => {
    expect(ids(sortRows(rows, columns, { key: "monto", dir: "asc" }))).toEqual([5, 3, 1, 4, 2]);
    expect(ids(sortRows(rows, columns, { key: "monto", dir: "desc" }))).toEqual([1, 4, 3, 5, 2]);
    expect(ids(sortRows(rows, columns, { key: "cant", dir: "desc" }))).toEqual([4, 1, 2, 5, 3]);
  });
  test("dates as dates (ISO), blanks last", () => {
    expect(ids(sortRows(rows, columns, { key: "fecha", dir: "asc" }))).toEqual([2, 5, 1, 4, 3]);
    expect(ids(sortRows(rows, columns, { key: "fecha", dir: "desc" }))).toEqual([1, 4, 5, 2, 3]);
  });
  test("an unknown or unsortable column leaves the order", () => {
    expect(ids(sortRows(rows, columns, { key: "nada", dir: "asc" }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(sortRows(rows, columns, { key: "acciones", dir: "asc" }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(sortRows(rows, columns, null))).toEqual([1, 2, 3, 4, 5]);
  });
  test("AG Grid's comparator gives the same order (it turns the result round when descending)", () => {
    for (const key of ["nombre", "monto", "fecha", "cant"]) {
      const c = columns.find((x) => x.key === key)!;
      const cmp = gridComparator(c.sortAs);
      const get = (r: Row) => (c.value ? c.value(r) : (r as Record<string, unknown>)[key]) as string | number | null;
      for (const dir of ["asc", "desc"] as const) {
        const f = dir === "desc" ? -1 : 1;
        const grid = rows
          .map((r, i) => ({ r, i }))
          .sort((a, b) => f * cmp(get(a.r), get(b.r), null, null, dir === "desc") || a.i - b.i)
          .map((x) => x.r.id);
        expect(grid, `${key} ${dir}`).toEqual(ids(sortRows(rows, columns, { key, dir })));
      }
    }
  });
});

describe("filterRows", () => {
  test.each([
    ["", [1, 2, 3, 4, 5]],
    ["   ", [1, 2, 3, 4, 5]],
    ["perez", [1]], // accents ignored
    ["PÉREZ", [1]],
    ["nandu", [2]], // ñ folds to n
    ["ana pérez", [1]], // every word, in any order
    ["ana oso", []],
    ["10/03/2025", [1, 4]], // the displayed date, not the ISO value
    ["2025-03", []],
    ["1500,50", [1, 4]], // the displayed amount
    ["sin fecha", [3]],
    ["ver", [1, 2, 3, 4, 5]], // every visible column, an action's text too
  ])("%j → %j", (text, expected) => {
    expect(ids(filterRows(rows, columns, text))).toEqual(expected);
  });
  test("folding", () => {
    expect(foldText("ÁÉÍÓÚ Üñ Ç")).toBe("aeiou un c");
  });
});

describe("the URL (~/lib/table-state's one rule, ADR 075)", () => {
  test("readGridState: the grid's own state; a bad sort, direction or page is refused with its message", () => {
    expect(readGridState("?sort=monto&dir=desc&filtro=%20ana%00&page=2", columns)).toEqual({
      sort: { key: "monto", dir: "desc" },
      filtro: "ana",
      page: 2,
      problem: null,
    });
    expect(readGridState("", columns)).toEqual({ sort: null, filtro: "", page: 0, problem: null });
    expect(readGridState("?sort=nada&dir=desc", columns)).toMatchObject({
      sort: null,
      problem: { param: "sort", msg: "La columna de orden no es válida" },
    });
    expect(readGridState("?sort=acciones", columns).problem?.param).toBe("sort"); // not sortable
    expect(readGridState("?sort=cant&dir=zz", columns)).toMatchObject({
      sort: null,
      problem: { param: "dir", msg: "La dirección del orden debe ser asc o desc" },
    });
    expect(readGridState("?page=-1", columns).problem).toEqual({
      param: "page",
      msg: "La página debe ser un número entero mayor o igual a 0",
    });
    expect(readGridState("?listado_sort=cant&listado_dir=desc&sort=nada", columns, "listado_")).toMatchObject({
      sort: { key: "cant", dir: "desc" },
      problem: null,
    });
    expect(readGridState("?listado_sort=x", columns, "listado_").problem?.param).toBe("listado_sort");
  });
  test("shownRows: pinned rows first, the rest filtered and sorted", () => {
    const state = { sort: { key: "cant", dir: "desc" as const }, filtro: "" };
    const { pinned, shown } = shownRows(rows, columns, state, (r) => r.id === 1);
    expect(ids(pinned)).toEqual([1]);
    expect(ids(shown)).toEqual(
      ids(
        sortRows(
          rows.filter((r) => r.id !== 1),
          columns,
          state.sort,
        ),
      ),
    );
  });
  test("sortHref keeps the other parameters, goes back to the first page, turns the direction", () => {
    expect(sortHref("?a=1&page=3&filtro=x", "nombre", null)).toBe("?a=1&filtro=x&sort=nombre&dir=asc");
    expect(sortHref("?sort=nombre&dir=asc", "nombre", { sort: "nombre", dir: "asc" })).toBe("?sort=nombre&dir=desc");
    expect(sortHref("", "cant", { sort: "nombre", dir: "desc" }, "r_")).toBe("?r_sort=cant&r_dir=asc");
  });
  test("viewParamsOf and queryText", () => {
    expect(viewParamsOf("?page=2&sort=cant&dir=desc&x=1&filtro=a")).toEqual({ sort: "cant", dir: "desc", filtro: "a" });
    expect(keepViewParams("/p?estado=A&page=1", "?page=3&sort=dni&dir=desc")).toBe(
      "/p?estado=A&page=1&sort=dni&dir=desc",
    );
    expect(keepViewParams("/p", "?x=1")).toBe("/p");
    expect(queryText("x".repeat(300))).toBe("x".repeat(100));
    expect(queryText(null)).toBe("");
    expect(queryText("a\u0085b\u007f")).toBe("ab");
  });
});

describe("onlyViewParamsChanged (the loader is not run again for another view of the same rows)", () => {
  const u = (path: string) => new URL(path, "http://osep.test");
  const base = "/osep-tiempos-auditoria?fecha_desde=2026-11-01&fecha_hasta=2026-11-30";
  test.each([
    [base, `${base}&sort=promedio&dir=desc`, true], // a header clicked
    [`${base}&sort=promedio&dir=desc`, `${base}&sort=promedio&dir=asc`, true],
    [`${base}&sort=promedio`, base, true], // the sort removed
    [base, `${base}&filtro=aud`, true], // the filter typed
    [`${base}&filtro=aud`, base, true], // and cleared
    [base, `${base}&listado_sort=fechahora&listado_dir=desc&ranking_filtro=san`, true], // prefixed grids
    [base, `/osep-tiempos-auditoria?sort=cantidad&fecha_hasta=2026-11-30&fecha_desde=2026-11-01`, true], // order
    [base, base, false], // the same URL: a reload
    [base, `${base}&sort=promedio&vista=auditor`, false], // another parameter too
    [base, "/osep-tiempos-auditoria?fecha_desde=2026-10-01&fecha_hasta=2026-11-30", false], // another search
    [`${base}&page=2`, `${base}&sort=nombre`, false], // the page (a database page on some screens) is not the grid's
    [base, `/consumos-por-prestador?fecha_desde=2026-11-01&fecha_hasta=2026-11-30`, false], // another screen
    [base, `${base}&mysort=x`, false], // not a grid parameter
  ])("%s → %s: %s", (from, to, only) => {
    expect(onlyViewParamsChanged(u(from), u(to))).toBe(only);
  });

  test("keepLoaderOnGridChange: false for a grid's change by GET, the default otherwise", () => {
    const args = (to: string, formMethod?: "GET" | "POST") =>
      ({
        currentUrl: u(base),
        currentParams: {},
        nextUrl: u(to),
        nextParams: {},
        formMethod,
        defaultShouldRevalidate: true,
      }) as unknown as Parameters<typeof keepLoaderOnGridChange>[0];
    expect(keepLoaderOnGridChange(args(`${base}&sort=promedio`))).toBe(false);
    expect(keepLoaderOnGridChange(args(`${base}&sort=promedio`, "GET"))).toBe(false);
    expect(keepLoaderOnGridChange(args(`${base}&sort=promedio`, "POST"))).toBe(true);
    expect(keepLoaderOnGridChange(args(`${base}&vista=auditor`))).toBe(true);
  });
});
