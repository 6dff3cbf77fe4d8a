// The member area reads each kind of value one way (issue 11): the member id through idafiSchema wherever a URL or a
// query names a member (it rejects everything the two old IdafiSchemas and positiveId rejected), one DNI rule for
// looking members up (registry search and members list alike), calendar-valid dates with one message, one rule for
// an optional date range, and one schema each for a stay number, an authorisation number and a practice code.
import { describe, expect, test } from "vitest";
import {
  MSG_DNI_INVALIDO,
  MSG_FECHA_INVALIDA,
  MSG_IDAFI_INVALIDO,
  parseInput,
  MSG_NROAUTORIZACION_INVALIDO,
} from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import {
  AutorizacionesQuerySchema,
  AutorizacionesTabSchema,
  autorizacionesApiSchema,
  AutorizacionQuerySchema,
  BAD_NROINTERNACION,
  BAD_PRACTICA,
  ConsumoQuerySchema,
  InternacionesQuerySchema,
  MedicamentosTabSchema,
  NEED_MEMBER,
} from "./autorizaciones.schema";
import { resolvePanel } from "./ficha-consumo.server";
import { ListadoFilterSchema } from "./listado.schema";
import { MSG_DNI_BUSQUEDA, parseSearchValue } from "./padron.schema";

/** The first message of a parse, or null when it passes. */
const problem = (schema: Parameters<typeof parseInput>[0], raw: unknown) => {
  const r = parseInput(schema, raw);
  return r.ok ? null : r.msg;
};

describe("member id (idafi) in every schema that reads one", () => {
  const BAD = [
    "0",
    "-1",
    "+1",
    "1.5",
    "1e3",
    "abc",
    "12a",
    "' OR 1=1 --",
    "2147483648",
    "99999999999",
    "1".repeat(10_000),
  ];
  const readers = {
    "GET /api/afiliado/autorizaciones": (v: string) => problem(AutorizacionesQuerySchema, { idafi: v }),
    "GET /api/afiliado/internaciones": (v: string) => problem(InternacionesQuerySchema, { idafi: v }),
  };

  test.each(Object.entries(readers))("%s rejects malformed ids with one message", (_name, read) => {
    for (const v of BAD) expect(read(v), v).toBe(MSG_IDAFI_INVALIDO);
    for (const v of ["1", " 42 ", "2147483647"]) expect(read(v), v).toBeNull();
  });

  test("the API reads the id as a number (surrounding spaces ignored)", () => {
    expect(parseInput(InternacionesQuerySchema, { idafi: " 42 " })).toMatchObject({ ok: true, data: { idafi: 42 } });
    expect(problem(InternacionesQuerySchema, {})).toBe("Debe indicar el afiliado (idafi)");
    expect(problem(InternacionesQuerySchema, { idafi: "  " })).toBe("Debe indicar el afiliado (idafi)");
    expect(parseInput(AutorizacionesQuerySchema, { idafi: "" })).toMatchObject({ ok: true });
  });
});

describe("DNI to look members up: one rule for the registry search and the members list", () => {
  const search = (v: string) => {
    const r = parseSearchValue("dni", v);
    return r.ok ? r.input.value : r.msg;
  };
  const list = (v: string) => {
    const r = parseInput(ListadoFilterSchema, { afi_dni: v });
    return r.ok ? r.data.afi_dni : r.msg;
  };

  test.each([
    ["12345678", "12345678"],
    ["123456789", "123456789"], // old documents have 9 digits
    ["12.345.678", "12345678"], // dots and spaces are ignored
    [" 12 345 678 ", "12345678"],
    ["012345678", "12345678"], // leading zeros dropped
    ["1234567890", MSG_DNI_BUSQUEDA],
    ["12a45678", MSG_DNI_BUSQUEDA],
    ["' OR 1=1 --", MSG_DNI_BUSQUEDA],
    ["9".repeat(10_000), MSG_DNI_BUSQUEDA],
  ])("%j → %s in both", (raw, expected) => {
    expect(search(raw)).toBe(expected);
    expect(list(raw)).toBe(expected);
  });

  test("blank: required to search, no filter in the list", () => {
    expect(search("")).toBe("Debe especificar un DNI");
    expect(list("")).toBe("");
    expect(parseInput(ListadoFilterSchema, {})).toMatchObject({ ok: true, data: { afi_dni: "" } });
  });

  test("the consumption API takes a document's DNI: 7 or 8 digits", () => {
    expect(problem(ConsumoQuerySchema, { dni: "12345678" })).toBeNull();
    expect(problem(ConsumoQuerySchema, { dni: "123456789" })).toBe(MSG_DNI_INVALIDO);
    expect(problem(ConsumoQuerySchema, { dni: "12A45678" })).toBe(MSG_DNI_INVALIDO);
    expect(problem(ConsumoQuerySchema, {})).toBe("Debe indicar el DNI");
  });
});

describe("dates and ranges", () => {
  const schemas = {
    AutorizacionesQuerySchema: [AutorizacionesQuerySchema, "fecha_desde", "fecha_hasta", { idafi: "1" }],
    AutorizacionesTabSchema: [AutorizacionesTabSchema, "fecha_desde", "fecha_hasta", {}],
    ConsumoQuerySchema: [ConsumoQuerySchema, "fecha_desde", "fecha_hasta", { dni: "12345678" }],
    MedicamentosTabSchema: [MedicamentosTabSchema, "dispensa_desde", "dispensa_hasta", {}],
  } as const;

  test.each(Object.entries(schemas))(
    "%s: calendar dates, either end open, from ≤ to",
    (_n, [schema, from, to, base]) => {
      const p = (v: Record<string, string>) => problem(schema, { ...base, ...v });
      expect(p({})).toBeNull();
      expect(p({ [from]: "2024-02-29", [to]: "2024-02-29" })).toBeNull();
      expect(p({ [from]: "", [to]: "2025-01-01" })).toBeNull();
      for (const bad of ["2025-02-29", "2025-13-01", "01/02/2025", "2025-01-01T00:00:00Z", "' OR 1=1 --"])
        expect(p({ [from]: bad }), bad).toBe(MSG_FECHA_INVALIDA);
      const inverted = parseInput(schema, { ...base, [from]: "2025-02-01", [to]: "2025-01-01" });
      expect(inverted).toMatchObject({ ok: false, errors: [{ param: from, msg: MSG_PERIODO_INVERTIDO }] });
    },
  );

  test("the API: a member's list ends today by default (a later fecha_desde is inverted); a stay is whole", () => {
    const api = autorizacionesApiSchema("2025-06-01");
    expect(parseInput(api, { idafi: "5" })).toMatchObject({ ok: true, data: { fecha_hasta: "2025-06-01" } });
    expect(problem(api, { idafi: "5", fecha_desde: "2025-07-01" })).toBe(MSG_PERIODO_INVERTIDO);
    const stay = parseInput(api, { nrointernacion: "7", fecha_desde: "2025-07-01" });
    expect(stay).toMatchObject({ ok: true, data: { nrointernacion: 7 } });
    expect(stay.ok && stay.data.fecha_hasta).toBeUndefined();
    expect(parseInput(api, {})).toMatchObject({ ok: false, errors: [{ param: "idafi", msg: NEED_MEMBER }] });
    expect(problem(api, { consultaGlobal: "true" })).toBeNull();
  });
});

describe("stay, authorisation and practice numbers: the API and the screen's panels read them alike", () => {
  test("nrointernacion", () => {
    for (const v of ["0", "x", "1.5", "' OR 1=1 --", "9".repeat(11)])
      expect(problem(AutorizacionesQuerySchema, { nrointernacion: v }), v).toBe(BAD_NROINTERNACION);
    expect(parseInput(AutorizacionesQuerySchema, { nrointernacion: "12" })).toMatchObject({
      data: { nrointernacion: 12 },
    });
  });

  test("authorisation number and practice", () => {
    const rows = [{ nroautorizacion: 123456789012345, practica: "42.01.01" }];
    const panel = (q: string) => resolvePanel(new URLSearchParams(q), rows);
    expect(panel("autorizacion=123456789012345").open).toEqual({ kind: "detalle", nroautorizacion: 123456789012345 });
    expect(panel("practica=42.01.01").open).toEqual({ kind: "practica", practica: "42.01.01" });
    for (const q of ["autorizacion=1' OR 1=1", "autorizacion=-5", `autorizacion=${"9".repeat(16)}`]) {
      expect(panel(q).error, q).toBe(MSG_NROAUTORIZACION_INVALIDO);
      const id = new URLSearchParams(q).get("autorizacion")!;
      expect(problem(AutorizacionQuerySchema, { id, practica: "42.01.01" }), q).toBe(MSG_NROAUTORIZACION_INVALIDO);
    }
    for (const practica of ["' OR 1=1 --", "a b", "x".repeat(31)]) {
      expect(panel(`practica=${encodeURIComponent(practica)}`).error, practica).toBe(BAD_PRACTICA);
      expect(problem(AutorizacionQuerySchema, { id: "1", practica }), practica).toBe(BAD_PRACTICA);
    }
    expect(problem(AutorizacionQuerySchema, { id: "1" })).toBe("Debe indicar la práctica");
  });
});
