// The 'Consulta de Expedientes' rules and the one filter schema (screen and API): types, bounds, dates, paging.
import { describe, expect, test } from "vitest";
import { parseInput, MSG_DNI_INVALIDO, MSG_FECHA_INVALIDA } from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { numeroCompleto, PAGE_SIZE, TIPOS_DOCUMENTO, TRAMITE_MSG } from "./rules";
import { TramitesQuerySchema, tramitesParams } from "./tramites.schema";

test("document types of spec §9, in order", () => {
  expect(TIPOS_DOCUMENTO).toEqual([
    "EXPEDIENTE",
    "ACTUACION",
    "NOTA",
    "AFILIACION PARTICULAR",
    "ADHERIDOS POR CONVENIO",
    "RECLAMO",
    "SOBRE",
  ]);
});

test.each([
  [{ nrotramite: 12, anio: 2024, letra: "O" }, "12/2024 - O"],
  [{ nrotramite: 7, anio: 2019, letra: null }, "7/2019"],
])("numeroCompleto(%o) → %s", (r, s) => expect(numeroCompleto(r)).toBe(s));

describe("TramitesQuerySchema", () => {
  test("an empty query: every document, page 0 of PAGE_SIZE", () => {
    expect(parseInput(TramitesQuerySchema, {})).toEqual({
      ok: true,
      data: {
        tipo_documento: null,
        nrotramite: null,
        anio: null,
        dni: undefined,
        fecha_desde: undefined,
        fecha_hasta: undefined,
        iniciador: null,
        extracto: null,
        letra: null,
        page: 0,
        size: PAGE_SIZE,
      },
    });
  });

  test("values as typed: trimmed, type case-insensitive, TODOS = every type, letter upper-case", () => {
    const r = parseInput(TramitesQuerySchema, {
      tipo_documento: "nota",
      nrotramite: " 123 ",
      anio: "2024",
      letra: "o",
      dni: "30123456",
      fecha_desde: "2024-01-01",
      fecha_hasta: "2024-12-31",
      iniciador: "  pérez ",
      extracto: "",
      page: "2",
      size: "50",
    });
    expect(r).toMatchObject({
      ok: true,
      data: { tipo_documento: "NOTA", nrotramite: 123, anio: 2024, letra: "O", iniciador: "pérez", extracto: null },
    });
    expect(parseInput(TramitesQuerySchema, { tipo_documento: "TODOS" })).toMatchObject({
      data: { tipo_documento: null },
    });
  });

  test.each([
    [{ tipo_documento: "OFICIO" }, "tipo_documento", TRAMITE_MSG.tipo],
    [{ nrotramite: "-1" }, "nrotramite", TRAMITE_MSG.nrotramite],
    [{ nrotramite: "0" }, "nrotramite", TRAMITE_MSG.nrotramite],
    [{ nrotramite: "3000000000" }, "nrotramite", TRAMITE_MSG.nrotramite],
    [{ nrotramite: "1 OR 1=1" }, "nrotramite", TRAMITE_MSG.nrotramite],
    [{ anio: "20245" }, "anio", TRAMITE_MSG.anio],
    [{ anio: "1800" }, "anio", TRAMITE_MSG.anio],
    [{ dni: "12ab" }, "dni", MSG_DNI_INVALIDO],
    [{ fecha_desde: "2024-02-30" }, "fecha_desde", MSG_FECHA_INVALIDA],
    [{ fecha_desde: "2024-05-01", fecha_hasta: "2024-04-01" }, "fecha_desde", MSG_PERIODO_INVERTIDO],
    [{ iniciador: "x".repeat(10_000) }, "iniciador", "El iniciador no puede superar los 100 caracteres"],
    [{ extracto: "x".repeat(101) }, "extracto", "El extracto no puede superar los 100 caracteres"],
    [{ letra: "ABCDEF" }, "letra", TRAMITE_MSG.letra],
    [{ page: "-1" }, "page", TRAMITE_MSG.page],
    [{ size: "0" }, "size", TRAMITE_MSG.size],
    [{ size: "10000" }, "size", TRAMITE_MSG.size],
  ])("%o is refused on %s", (raw, param, msg) => {
    const r = parseInput(TramitesQuerySchema, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toEqual({ param, msg });
  });

  test("tramitesParams keeps only what is set (the pager's links)", () => {
    const r = parseInput(TramitesQuerySchema, { tipo_documento: "NOTA", anio: "2024", iniciador: "a b", page: "3" });
    if (!r.ok) throw new Error(r.msg);
    expect(tramitesParams(r.data).toString()).toBe("tipo_documento=NOTA&anio=2024&iniciador=a+b");
  });
});
