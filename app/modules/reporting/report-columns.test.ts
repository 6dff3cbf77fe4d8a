// The one column list of a report (ADR 072): its kinds' texts, the views it derives, and the rows as a screen's URL
// shows them.
import { describe, expect, test } from "vitest";
import {
  columnsFor,
  excelColumns,
  formatValue,
  gridColumns,
  printColumns,
  rowsAsShown,
  withTableState,
  type ReportTable,
} from "./report-columns";

type Row = { nombre: string; n: number | null; min: number | null; cuando: string | null; total?: boolean };
const TABLE: ReportTable<Row> = {
  title: "Prueba",
  sheet: "Prueba",
  rowKey: (r) => r.nombre,
  paramPrefix: "p_",
  pinnedFirst: (r) => r.total === true,
  columns: [
    { key: "nombre", header: "Nombre", value: (r) => r.nombre, wrap: true },
    { key: "n", header: "Cantidad", kind: "count", value: (r) => r.n },
    { key: "min", header: "Tiempo", kind: "minutes", value: (r) => r.min, outputs: ["screen", "excel"] },
    { key: "cuando", header: "Cuándo", kind: "datetime", value: (r) => r.cuando, outputs: ["print", "excel"] },
  ],
};
const ROWS: Row[] = [
  { nombre: "Pérez", n: 1200, min: 12.5, cuando: "2026-11-25 10:44:59" },
  { nombre: "Total", n: 1500, min: 10, cuando: null, total: true },
  { nombre: "Álvarez", n: 300, min: null, cuando: "2026-11-24 08:00:00" },
];

describe("a column's kind", () => {
  test("decides its text", () => {
    expect(formatValue("count", 1234)).toBe("1.234");
    expect(formatValue("count", null)).toBe("-");
    expect(formatValue("minutes", 12.5)).toBe("12,5 min");
    expect(formatValue("minutes", 125)).toBe("2 h 05 min");
    expect(formatValue("money", "1234.5")).toMatch(/1\.234,50/);
    expect(formatValue("date", "2026-11-25")).toBe("25/11/2026");
    expect(formatValue("datetime", "2026-11-25 10:44:59")).toBe("25/11/2026 10:44");
    expect(formatValue("time", "06:00:00")).toBe("06:00");
    expect(formatValue("number", 30028)).toBe("30028");
  });
});

describe("the views of one list", () => {
  test("each view holds the columns meant for it, with the same headers", () => {
    expect(gridColumns(TABLE.columns).map((c) => c.header)).toEqual(["Nombre", "Cantidad", "Tiempo"]);
    expect(printColumns(TABLE.columns).map((c) => c.header)).toEqual(["Nombre", "Cantidad", "Cuándo"]);
    expect(excelColumns(TABLE.columns).map((c) => c.header)).toEqual(["Nombre", "Cantidad", "Tiempo", "Cuándo"]);
    expect(columnsFor(TABLE.columns, "print").map((c) => c.key)).toEqual(["nombre", "n", "cuando"]);
  });

  test("the grid shows the kind's text, aligns numbers right and sorts by the value", () => {
    const [nombre, n] = gridColumns(TABLE.columns);
    expect(n.render?.(ROWS[0], 0)).toBe("1.200");
    expect(n.value?.(ROWS[0])).toBe(1200);
    expect(n.align).toBe("right");
    expect(n.sortAs).toBe("number");
    expect(nombre.wrap).toBe(true);
  });

  test("Excel gets real numbers, date-times and texts", () => {
    const [nombre, n, min, cuando] = excelColumns(TABLE.columns);
    expect(nombre.value(ROWS[0])).toBe("Pérez");
    expect([n.type, n.value(ROWS[0])]).toEqual(["integer", 1200]);
    expect([min.type, min.value(ROWS[0])]).toEqual(["minutes", 12.5]);
    expect([cuando.type, cuando.value(ROWS[0])]).toEqual(["datetime", "2026-11-25 10:44:59"]);
  });
});

describe("rows as the screen shows them", () => {
  test("no state: the rows' order, the pinned row first", () => {
    expect(rowsAsShown(TABLE, ROWS, "").map((r) => r.nombre)).toEqual(["Total", "Pérez", "Álvarez"]);
  });

  test("the table's own sort and filter (its prefix), by value and by displayed text", () => {
    const asc = rowsAsShown(TABLE, ROWS, "?p_sort=n&p_dir=asc");
    expect(asc.map((r) => r.nombre)).toEqual(["Total", "Álvarez", "Pérez"]);
    expect(rowsAsShown(TABLE, ROWS, "?p_filtro=perez").map((r) => r.nombre)).toEqual(["Total", "Pérez"]);
    expect(rowsAsShown(TABLE, ROWS, "?p_filtro=12,5 min").map((r) => r.nombre)).toEqual(["Total", "Pérez"]);
    // another table's parameters are not this one's
    expect(rowsAsShown(TABLE, ROWS, "?sort=n&dir=asc&filtro=perez").map((r) => r.nombre)).toEqual([
      "Total",
      "Pérez",
      "Álvarez",
    ]);
  });

  test("a link keeps the tables' state and nothing else", () => {
    const search = "?fecha_desde=2026-11-01&p_sort=n&p_dir=desc&p_filtro=a&page=3";
    expect(withTableState("/x.pdf?f=1", search, [TABLE])).toBe("/x.pdf?f=1&p_sort=n&p_dir=desc&p_filtro=a");
    expect(withTableState("/x.pdf", "", [TABLE])).toBe("/x.pdf");
  });
});
