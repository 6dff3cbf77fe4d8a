// The Listado's local filter without JavaScript matches what the AG Grid quick filter shows with it.
import { describe, expect, test } from "vitest";
import type { Column } from "~/components/ui";
import { normalizeQuickFilter, quickFilter } from "./quick-filter";

type Row = { nro: number; nombre: string; fecha: string; anulado: boolean; monto: string | null };
const columns: Column<Row>[] = [
  { key: "nro", header: "Nro." },
  { key: "nombre", header: "Nombre" },
  { key: "fecha", header: "Fecha", render: (r) => r.fecha.split("-").reverse().join("/"), value: (r) => r.fecha },
  { key: "anulado", header: "Anulado", value: (r) => (r.anulado ? "SI" : "NO") },
  { key: "monto", header: "Monto", value: (r) => (r.monto == null ? null : Number(r.monto)) },
];
const rows: Row[] = [
  { nro: 1201, nombre: "PÉREZ ANA", fecha: "2025-03-10", anulado: false, monto: "1500.50" },
  { nro: 3401, nombre: "GOMEZ JUAN", fecha: "2025-03-11", anulado: true, monto: null },
  { nro: 5600, nombre: "PEREYRA ANA MARIA", fecha: "2025-04-01", anulado: false, monto: "200.00" },
];

describe("quickFilter", () => {
  test.each([
    ["", [1201, 3401, 5600]],
    ["   ", [1201, 3401, 5600]],
    ["ana", [1201, 5600]], // case-insensitive, any column
    ["ANA maria", [5600]], // every word must match (in any column)
    ["pérez", [1201]], // accents kept, as the grid does
    ["perez", []],
    ["01", [1201, 3401, 5600]], // 1201, 3401 and the date 2025-04-01
    ["2025-03", [1201, 3401]], // the column value (ISO date), as the grid filters it
    ["SI", [3401]], // a column's value, not the raw boolean
    ["1500.5", [1201]], // numbers as the grid sees them
    ["zzz", []],
  ])("%j → %j", (text, nros) => {
    expect(quickFilter(rows, columns, text).map((r) => r.nro)).toEqual(nros);
  });
});

describe("normalizeQuickFilter", () => {
  test.each([
    [null, ""],
    [undefined, ""],
    ["  ana  ", "ana"],
    ["a\u0000b", "ab"],
    ["a\u001fb\u007fc\u0085d", "abcd"], // C0, DEL and C1 controls
    ["ñandú á", "ñandú á"],
    ["pérez\u00a0ana", "pérez\u00a0ana"], // not a control character
    ["x".repeat(300), "x".repeat(100)],
  ])("%j → %j", (raw, out) => {
    expect(normalizeQuickFilter(raw)).toBe(out);
  });
});
