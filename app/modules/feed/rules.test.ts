// The feed import's pure rules: file names, run order, the threshold, the report's shape, the header check.
import { describe, expect, test } from "vitest";
import { checkHeader, feedColumns } from "./columns";
import {
  appliedEstado,
  appliedMessage,
  endsRefusal,
  identicalMessage,
  identicalToLast,
  isFeedCandidate,
  maxEndedPct,
  maxRefusedPct,
  overThreshold,
  parseFeedFileName,
  refusalReportCsv,
  reportFileName,
  runOrder,
  thresholdMessage,
  yearsAfterISO,
} from "./rules";
import { feedTable } from "./tables";

describe("parseFeedFileName", () => {
  test.each([
    ["afiliados.csv", "afiliados", "completa", null],
    ["afiliados.delta.csv", "afiliados", "delta", null],
    ["AFILIADOS.Delta.CSV", "afiliados", "delta", null],
    ["afiliados.utf8.csv", "afiliados", "completa", "utf-8"],
    ["afiliados.delta.cp1252.csv", "afiliados", "delta", "windows-1252"],
    ["motivos_baja.windows-1252.csv", "motivos_baja", "completa", "windows-1252"],
    ["coberturas.latin1.csv", "coberturas", "completa", "windows-1252"],
  ])("%s → %s %s %s", (name, table, modo, encoding) => {
    const r = parseFeedFileName(name);
    expect(r.ok && { table: r.table.name, modo: r.modo, encoding: r.encoding }).toEqual({ table, modo, encoding });
  });

  test.each([
    ["socios.csv", /no corresponde a ninguna tabla del padrón/],
    ["afiliados.txt", /no es un CSV \(debe terminar en \.csv\)/],
    ["afiliados.ebcdic.csv", /'ebcdic' no es 'delta' ni una codificación/],
    ["afiliados.cp1252.delta.csv", /no se entiende/],
  ])("%s is refused", (name, msg) => {
    const r = parseFeedFileName(name);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.msg).toMatch(msg);
  });
});

test("runOrder: the feed's dependency order, a full load before a delta, unknown names first", () => {
  const f = (name: string) => {
    const n = parseFeedFileName(name);
    return { name, table: n.ok ? n.table.name : null, modo: n.ok ? n.modo : null };
  };
  const files = ["autorizaciones.csv", "afiliados.delta.csv", "socios.csv", "afiliados.csv", "motivos_baja.csv"].map(f);
  expect(runOrder(files).map((x) => x.name)).toEqual([
    "socios.csv",
    "motivos_baja.csv",
    "afiliados.csv",
    "afiliados.delta.csv",
    "autorizaciones.csv",
  ]);
});

describe("the threshold", () => {
  test.each([
    [0, 100, 1, false],
    [1, 100, 1, false],
    [2, 100, 1, true],
    [1, 5, 20, false],
    [1, 5, 10, true],
    [0, 0, 1, false],
    [1, 1, 100, false],
  ])("%i refused of %i rows, max %i %% → over: %s", (refused, rows, pct, over) => {
    expect(overThreshold(refused, rows, pct)).toBe(over);
  });

  test("FEED_MAX_REFUSED: default 1, a percentage, a comma allowed, nonsense refused in Spanish", () => {
    expect(maxRefusedPct(undefined)).toBe(1);
    expect(maxRefusedPct("")).toBe(1);
    expect(maxRefusedPct("2.5")).toBe(2.5);
    expect(maxRefusedPct("0,5")).toBe(0.5);
    expect(() => maxRefusedPct("mucho")).toThrow(/FEED_MAX_REFUSED debe ser un porcentaje entre 0 y 100/);
    expect(() => maxRefusedPct("150")).toThrow(/FEED_MAX_REFUSED/);
  });

  test("its message says how many, the share and the maximum", () => {
    expect(thresholdMessage(3, 200, 1)).toBe(
      "No se aplicó nada del archivo: 3 de 200 filas rechazadas (1,5 %) superan el máximo de 1 % (FEED_MAX_REFUSED)",
    );
  });
});

test("estado and message: APLICADO with the counts, SIN_CAMBIOS when nothing changed", () => {
  const c = { filas: 10, insertadas: 1, actualizadas: 0, finalizadas: 2, rechazadas: 1 };
  expect(appliedEstado(c)).toBe("APLICADO");
  expect(appliedMessage(c)).toBe("10 filas: 1 insertada, 0 actualizadas, 2 finalizadas; 1 fila rechazada");
  const none = { filas: 1, insertadas: 0, actualizadas: 0, finalizadas: 0, rechazadas: 0 };
  expect(appliedEstado(none)).toBe("SIN_CAMBIOS");
  expect(appliedMessage(none)).toBe("Sin cambios: la base ya tenía lo que dice el archivo (1 fila)");
});

test("the report: header linea;columna;valor;motivo, `;`, quoted when needed; its name beside the file", () => {
  expect(
    refusalReportCsv([
      { linea: 0, columna: "", valor: null, motivo: "No se aplicó nada" },
      { linea: 7, columna: "apeynom", valor: 'PEREZ; "EL" JUAN', motivo: "Falta el valor obligatorio" },
    ]),
  ).toBe(
    'linea;columna;valor;motivo\n0;;;No se aplicó nada\n7;apeynom;"PEREZ; ""EL"" JUAN";Falta el valor obligatorio\n',
  );
  expect(reportFileName("afiliados.delta.csv")).toBe("afiliados.delta.rechazos.csv");
  expect(isFeedCandidate("afiliados.csv")).toBe(true);
  expect(isFeedCandidate("afiliados.rechazos.csv")).toBe(false);
  expect(isFeedCandidate("leeme.txt")).toBe(false);
});

test("yearsAfterISO: the range's end, comparable as text", () => {
  expect(yearsAfterISO("2026-03-10", 5)).toBe("2031-03-10");
  expect(yearsAfterISO("2024-02-29", 5)).toBe("2029-02-29");
});

describe("checkHeader", () => {
  const ft = feedTable("afiliados")!;
  const cols = feedColumns(ft);
  const all = cols.map((c) => c.name);

  test("the columns come from the schema: no generated column, the key and NOT NULL without default required", () => {
    expect(all).not.toContain("apeynom_norm");
    expect(cols.filter((c) => c.required).map((c) => c.name)).toEqual([
      "idafi",
      "apeynom",
      "numdoc",
      "nroafi",
      "grupo",
      "nromedio",
      "nroparentesco",
      "descparentesco",
    ]);
    expect(cols.find((c) => c.name === "fechbaja")).toMatchObject({
      required: false,
      defaultSql: "'0001-01-01'::date",
    });
  });

  test.each([
    [all, "completa", null],
    [[...all].reverse(), "completa", null],
    [all.filter((c) => c !== "plan"), "completa", null],
    [["accion", ...all], "delta", null],
    [["accion", ...all], "completa", "Columna desconocida: accion"],
    [[...all, "color", "talle"], "completa", "Columnas desconocidas: color, talle"],
    [[...all, "apeynom_norm"], "completa", "Columna desconocida: apeynom_norm"],
    [[...all, "plan"], "completa", "Columna repetida en el encabezado: plan"],
    [all.filter((c) => c !== "idafi"), "completa", "Falta la columna obligatoria: idafi"],
    [all.filter((c) => c !== "numdoc" && c !== "nroafi"), "delta", "Faltan las columnas obligatorias: numdoc, nroafi"],
  ] as const)("%j (%s) → %s", (header, modo, msg) => {
    const r = checkHeader(header, cols, modo);
    expect(r.ok ? null : r.msg).toBe(msg);
  });

  test("practicas: its key's columns with a default ('') are still required in the header", () => {
    const p = feedColumns(feedTable("practicas")!);
    const header = p.map((c) => c.name).filter((c) => c !== "origen");
    expect(checkHeader(header, p, "completa")).toEqual({ ok: false, msg: "Falta la columna obligatoria: origen" });
  });
});

describe("identicalToLast", () => {
  const prev = {
    id: 7,
    sha256: "abc",
    modo: "completa",
    filas: 3,
    rechazadas: 0,
    iniciadoEn: new Date("2026-03-10T05:00:00Z"),
    versionTabla: 12,
    versionActual: 12,
  };
  const file = { sha256: "abc", modo: "completa" as const };
  test("the same bytes and mode, no refusals, the table untouched since: nothing to do", () => {
    expect(identicalToLast(prev, file)).toBe(true);
  });
  test.each([
    ["no import before", null, file],
    ["other bytes", prev, { ...file, sha256: "abd" }],
    ["no hash", prev, { ...file, sha256: "" }],
    ["a delta after a full load with the same bytes", prev, { ...file, modo: "delta" as const }],
    ["refusals last time", { ...prev, rechazadas: 1 }, file],
    ["the table written since", { ...prev, versionActual: 13 }, file],
    ["the version not recorded", { ...prev, versionTabla: null }, file],
  ])("%s: processed in full", (_, p, f) => {
    expect(identicalToLast(p, f)).toBe(false);
  });
  test("the message names the import it repeats, in the insurer's time", () => {
    expect(identicalMessage(prev)).toBe(
      "Sin cambios: el archivo es idéntico (SHA-256) al de la importación 7 del 10/03/2026 02:00, que se aplicó sin " +
        "rechazos; no se volvió a procesar",
    );
  });
});

describe("endsRefusal (FEED_MAX_ENDED)", () => {
  const full = { modo: "completa" as const, tabla: "afiliados", filas: 900, ended: 100, total: 1000, pct: 10 };
  test("a full load ending up to the share applies; past it, or a small catalog's, as said", () => {
    expect(endsRefusal(full)).toBeNull();
    expect(endsRefusal({ ...full, ended: 101 })).toBe(
      "No se aplicó nada del archivo: la carga completa daría de baja 101 de 1.000 filas de afiliados (10,1 %), más " +
        "que el máximo de 10 % (FEED_MAX_ENDED)",
    );
    expect(endsRefusal({ ...full, total: 99, ended: 50 })).toBeNull();
  });
  test("an empty full load that would end rows is refused whatever the table's size; a delta never is", () => {
    expect(endsRefusal({ ...full, filas: 0, ended: 2, total: 2 })).toMatch(
      /^No se aplicó nada del archivo: la carga completa no tiene filas y daría de baja 2 filas de afiliados/,
    );
    expect(endsRefusal({ ...full, filas: 0, ended: 0, total: 0 })).toBeNull();
    expect(endsRefusal({ ...full, modo: "delta", ended: 1000 })).toBeNull();
  });
  test("FEED_MAX_ENDED: default 10, a percent, else a Spanish error", () => {
    expect(maxEndedPct(undefined)).toBe(10);
    expect(maxEndedPct("25,5")).toBe(25.5);
    expect(() => maxEndedPct("-1")).toThrow("FEED_MAX_ENDED debe ser un porcentaje entre 0 y 100 (es '-1')");
  });
});
