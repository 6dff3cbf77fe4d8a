// How wide a DataGrid's column must be so that AG Grid cuts nothing (issue 38, docs/decisions/071).
import { describe, expect, test } from "vitest";
import type { Column } from "./DataTable";
import { CELL_EXTRA, columnSize, HEADER_EXTRA, headerMinWidth, WRAP_AT, type Measure } from "./grid-sizing";

const columnMinWidth = (c: Column<Row>, r: Row[], m: Measure) => columnSize(c, r, m).minWidth;

/** 10 px a character in a cell, 8 in a header: widths the test can count. */
const measure: Measure = (text, font) => text.length * (font === "header" ? 8 : 10);

type Row = { nombre: string; nro: number; minimo: number | null };
const rows: Row[] = [
  { nombre: "INSTITUTO DE DIAGNÓSTICO POR IMÁGENES SAN FERNANDO S.R.L.", nro: 30028594, minimo: 12 },
  { nombre: "ANA", nro: 7, minimo: null },
];

describe("headerMinWidth", () => {
  test("the longest word of the header (upper case), with padding and the sort arrow", () => {
    expect(headerMinWidth("Interrupciones > 15 min", measure)).toBe(14 * 8 + HEADER_EXTRA);
  });
});

describe("columnSize", () => {
  test("a number never breaks: the widest text whole", () => {
    const c: Column<Row> = { key: "nro", header: "N°", align: "right" };
    expect(columnMinWidth(c, rows, measure)).toBe(Math.max(8 * 10 + CELL_EXTRA, headerMinWidth("N°", measure)));
  });
  test("a short text stays on one line; a long one wraps, never inside a word", () => {
    const c: Column<Row> = { key: "nombre", header: "Efector" };
    // the long name (57 characters, 570 px > WRAP_AT) may wrap: WRAP_AT at least, its longest word
    expect(columnMinWidth(c, rows, measure)).toBe(WRAP_AT + CELL_EXTRA);
    const short: Column<Row> = { key: "nombre", header: "Efector", value: (r) => r.nombre.slice(0, 20) };
    expect(columnMinWidth(short, rows, measure)).toBe(200 + CELL_EXTRA);
  });
  test("wrap: false keeps every text on one line; wrap: true lets any wrap at its spaces", () => {
    expect(columnMinWidth({ key: "nombre", header: "E", wrap: false }, rows, measure)).toBe(57 * 10 + CELL_EXTRA);
    expect(columnMinWidth({ key: "nombre", header: "E", wrap: true }, rows, measure)).toBe(
      "DIAGNÓSTICO".length * 10 + CELL_EXTRA,
    );
  });
  test("a rendered cell: its sibling elements are separate lines (a number and the time under it)", () => {
    const c: Column<Row> = {
      key: "minimo",
      header: "Tiempo mínimo",
      render: (r) =>
        r.minimo == null ? (
          "-"
        ) : (
          <>
            <a href="#x">{String(r.nro)}</a>
            <small>{`${r.minimo} min`}</small>
          </>
        ),
    };
    // '30028594' (80 px) and '12 min' (60 px) on their own lines, not '30028594 12 min' (150 px)
    expect(columnMinWidth(c, rows, measure)).toBe(Math.max(80 + CELL_EXTRA, headerMinWidth("Tiempo mínimo", measure)));
  });
  test("only a long text or a rendered cell may take more than one line", () => {
    expect(columnSize({ key: "nro", header: "N°" }, rows, measure).wraps).toBe(false);
    expect(columnSize({ key: "nombre", header: "Efector" }, rows, measure).wraps).toBe(true);
    expect(columnSize({ key: "nombre", header: "Efector", wrap: false }, rows, measure).wraps).toBe(false);
    expect(columnSize({ key: "nro", header: "N°", render: (r) => <a href="#x">{r.nro}</a> }, rows, measure).wraps).toBe(
      true,
    );
  });
  test("the header's least width and the column's own minWidth count too", () => {
    expect(columnMinWidth({ key: "nro", header: "Autorizaciones" }, rows, measure)).toBe(14 * 8 + HEADER_EXTRA);
    expect(columnMinWidth({ key: "nro", header: "N", minWidth: 300 }, rows, measure)).toBe(300);
  });
});
