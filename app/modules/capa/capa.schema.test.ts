// The CAPA schemas (spec part 2 §5; ADR 031): required fields, bad input of every kind, the household list, ids and
// the list's range and paging. The form (conform) and the API read the same CapaSchema.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { todayISO } from "~/lib/dates";
import { MSG_DNI_INVALIDO, MSG_FECHA_INVALIDA, parseInput } from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { MSG_PAGE, MSG_SIZE } from "~/lib/table-state";
import {
  capaIdSchema,
  CapaListSchema,
  CapaSchema,
  MSG_AUTORIZACION,
  MSG_DNI_REPETIDO,
  MSG_EDAD,
  MSG_EMAIL,
  MSG_ESQUEMA,
  MSG_MAX_INTEGRANTES,
  MSG_MODULO,
  MSG_TELEFONO,
  REQUIRED,
} from "./capa.schema";
import { CAPA_MSG, MAX_INTEGRANTES } from "./rules";

const valid = (over: Record<string, unknown> = {}) => ({
  afi_dni: "30111222",
  afi_localidad: "VALLE VIEJO",
  fecha_positivo: "2024-05-10",
  afi_telefono: "383 4123456",
  ...over,
});

/** The first message of each field of a failed parse. */
function errors(raw: unknown): Record<string, string> {
  const r = parseInput(CapaSchema, raw);
  if (r.ok) return {};
  return Object.fromEntries(r.errors.map((e) => [e.param, e.msg]));
}

describe("CapaSchema: valid records", () => {
  test("the required fields only: scheme defaults to Incompleto, no household", () => {
    const r = CapaSchema.parse(valid());
    expect(r).toMatchObject({ ...valid(), esquema_vacunacion: "Incompleto", integrantes: [] });
    expect(r.tipo_modulo).toBeUndefined();
  });

  test("every field, two household members; server-owned fields sent by a client are dropped", () => {
    const r = CapaSchema.parse(
      valid({
        id: 7,
        afi_telefono_alternativo: "+54 (383) 412-3456",
        afi_email: " ana@example.com ",
        esquema_vacunacion: "Completo",
        tipo_modulo: "modulo3047",
        nro_autorizacion_sia: 1234567,
        integrantes: [
          { afi_dni_integrante: "30111223", afi_nombre_integrante: "PEREZ LUIS", afi_edad_integrante: 12 },
          { afi_dni_integrante: "4111222" },
        ],
        afi_nombre: "NOMBRE DEL CLIENTE",
        cant_integrantes: 99,
        nro_registro: 5,
        fecha_registracion: "2020-01-01",
      }),
    );
    expect(r).toMatchObject({
      id: 7,
      afi_email: "ana@example.com",
      esquema_vacunacion: "Completo",
      tipo_modulo: "modulo3047",
      nro_autorizacion_sia: "1234567",
    });
    expect(r.integrantes).toEqual([
      { afi_dni_integrante: "30111223", afi_nombre_integrante: "PEREZ LUIS", afi_edad_integrante: 12 },
      { afi_dni_integrante: "4111222" },
    ]);
    for (const k of ["afi_nombre", "cant_integrantes", "nro_registro", "fecha_registracion"])
      expect(r).not.toHaveProperty(k);
  });

  test("null and blank optional fields (a client resending a GET answer) are absent", () => {
    const r = CapaSchema.parse(
      valid({
        afi_telefono_alternativo: null,
        afi_email: "",
        esquema_vacunacion: null,
        tipo_modulo: "",
        nro_autorizacion_sia: null,
        integrantes: null,
      }),
    );
    expect(r.esquema_vacunacion).toBe("Incompleto");
    expect(r.integrantes).toEqual([]);
    expect(r.afi_email).toBeUndefined();
  });

  test("a positive date of today (the insurer's) is accepted", () => {
    expect(parseInput(CapaSchema, valid({ fecha_positivo: todayISO() })).ok).toBe(true);
  });
});

describe("CapaSchema: bad input → one Spanish message per field", () => {
  test("missing required fields", () => {
    expect(errors({})).toEqual({
      afi_dni: REQUIRED,
      afi_localidad: REQUIRED,
      fecha_positivo: REQUIRED,
      afi_telefono: REQUIRED,
    });
    expect(errors(valid({ afi_localidad: "   ", afi_telefono: "" }))).toEqual({
      afi_localidad: REQUIRED,
      afi_telefono: REQUIRED,
    });
  });

  test.each([
    ["afi_dni", "1234", MSG_DNI_INVALIDO],
    ["afi_dni", "30.111.222", MSG_DNI_INVALIDO],
    ["afi_dni", 30111222, MSG_DNI_INVALIDO],
    ["afi_email", "ana@", MSG_EMAIL],
    ["afi_email", "no es un email", MSG_EMAIL],
    ["afi_email", 5, MSG_EMAIL],
    ["fecha_positivo", "2026-02-30", MSG_FECHA_INVALIDA],
    ["fecha_positivo", "20245-01-01", MSG_FECHA_INVALIDA],
    ["fecha_positivo", "0000-01-01", MSG_FECHA_INVALIDA],
    ["fecha_positivo", "10/05/2024", MSG_FECHA_INVALIDA],
    ["fecha_positivo", "2019-12-31", "La fecha de positivo no puede ser anterior al 01/01/2020"],
    ["fecha_positivo", "9999-12-31", "La fecha de positivo no puede ser posterior a hoy"],
    ["afi_telefono", "abc", MSG_TELEFONO],
    ["afi_telefono", "12345", MSG_TELEFONO],
    ["afi_telefono", "' OR 1=1 --", MSG_TELEFONO],
    ["afi_telefono_alternativo", "<script>", MSG_TELEFONO],
    ["esquema_vacunacion", "completo", MSG_ESQUEMA],
    ["esquema_vacunacion", true, MSG_ESQUEMA],
    ["tipo_modulo", "modulo3048", MSG_MODULO],
    ["nro_autorizacion_sia", "12a", MSG_AUTORIZACION],
    ["nro_autorizacion_sia", "1234567890123456", MSG_AUTORIZACION],
    ["nro_autorizacion_sia", -1, MSG_AUTORIZACION],
    ["integrantes", "30111223", "Los integrantes deben ser una lista"],
    ["id", 0, CAPA_MSG.ID_INVALID],
    ["id", 99999999999, CAPA_MSG.ID_INVALID],
    ["id", "7", CAPA_MSG.ID_INVALID],
  ] as const)("%s = %j → %s", (field, value, msg) => {
    expect(errors(valid({ [field]: value }))[field]).toBe(msg);
  });

  test.each([
    ["afi_localidad", 80],
    ["afi_telefono", 40],
    ["afi_telefono_alternativo", 40],
    ["afi_email", 120],
  ] as const)("10 000 characters in %s → 'Máximo %i caracteres'", (field, max) => {
    expect(errors(valid({ [field]: "1".repeat(10_000) }))[field]).toBe(`Máximo ${max} caracteres`);
  });

  test("a household row: DNI required and valid, name bounded, age 0–130 whole", () => {
    const e = errors(
      valid({
        integrantes: [
          {},
          { afi_dni_integrante: "12" },
          { afi_dni_integrante: "30111224", afi_nombre_integrante: "x".repeat(10_000) },
          { afi_dni_integrante: "30111225", afi_edad_integrante: 131 },
          { afi_dni_integrante: "30111226", afi_edad_integrante: -1 },
          { afi_dni_integrante: "30111227", afi_edad_integrante: 1.5 },
          { afi_dni_integrante: "30111228", afi_edad_integrante: "veinte" },
        ],
      }),
    );
    expect(e).toEqual({
      "integrantes.0.afi_dni_integrante": REQUIRED,
      "integrantes.1.afi_dni_integrante": MSG_DNI_INVALIDO,
      "integrantes.2.afi_nombre_integrante": "Máximo 120 caracteres",
      "integrantes.3.afi_edad_integrante": MSG_EDAD,
      "integrantes.4.afi_edad_integrante": MSG_EDAD,
      "integrantes.5.afi_edad_integrante": MSG_EDAD,
      "integrantes.6.afi_edad_integrante": MSG_EDAD,
    });
  });

  test("a DNI repeated in the household (or the member's own) is refused on the later row", () => {
    const e = errors(
      valid({
        integrantes: [
          { afi_dni_integrante: "30111223" },
          { afi_dni_integrante: "30111222" },
          { afi_dni_integrante: "30111223" },
        ],
      }),
    );
    expect(e).toEqual({
      "integrantes.1.afi_dni_integrante": MSG_DNI_REPETIDO,
      "integrantes.2.afi_dni_integrante": MSG_DNI_REPETIDO,
    });
  });

  test(`more than ${MAX_INTEGRANTES} household members`, () => {
    const integrantes = Array.from({ length: MAX_INTEGRANTES + 1 }, (_, i) => ({
      afi_dni_integrante: String(40_000_000 + i),
    }));
    expect(errors(valid({ integrantes })).integrantes).toBe(MSG_MAX_INTEGRANTES);
  });
});

describe("CapaSchema through conform (the form's FormData)", () => {
  test("strings coerced: household ages, blank optional fields absent, scheme default", () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(valid())) fd.set(k, String(v));
    fd.set("afi_email", "");
    fd.set("tipo_modulo", "");
    fd.set("integrantes[0].afi_dni_integrante", "30111223");
    fd.set("integrantes[0].afi_nombre_integrante", "PEREZ LUIS");
    fd.set("integrantes[0].afi_edad_integrante", "12");
    fd.set("integrantes[1].afi_dni_integrante", "30111224");
    fd.set("integrantes[1].afi_edad_integrante", "");
    const s = parseWithZod(fd, { schema: CapaSchema });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value.esquema_vacunacion).toBe("Incompleto");
    expect(s.value.integrantes).toEqual([
      { afi_dni_integrante: "30111223", afi_nombre_integrante: "PEREZ LUIS", afi_edad_integrante: 12 },
      { afi_dni_integrante: "30111224" },
    ]);
  });

  test("field errors under conform's names", () => {
    const fd = new FormData();
    fd.set("afi_email", "mal");
    fd.set("integrantes[0].afi_edad_integrante", "200");
    const s = parseWithZod(fd, { schema: CapaSchema });
    if (s.status !== "error") throw new Error(`expected errors, got ${s.status}`);
    expect(s.error).toMatchObject({
      afi_dni: [REQUIRED],
      afi_email: [MSG_EMAIL],
      "integrantes[0].afi_dni_integrante": [REQUIRED],
      "integrantes[0].afi_edad_integrante": [MSG_EDAD],
    });
  });
});

describe("capaIdSchema (URL ids)", () => {
  test.each(["1", "2147483647", " 12 "])("%j is an id", (raw) => {
    expect(capaIdSchema.safeParse(raw).success).toBe(true);
  });
  test.each(["0", "-1", "1.5", "abc", "2147483648", "99999999999", "", "1e3"])("%j is refused", (raw) => {
    const r = parseInput(capaIdSchema, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.msg).toBe(CAPA_MSG.ID_INVALID);
  });
});

describe("CapaListSchema", () => {
  test("defaults: today to today (Catamarca), page 0, size 20, not for export", () => {
    const today = todayISO();
    expect(CapaListSchema.parse({})).toEqual({
      fecha_desde: today,
      fecha_hasta: today,
      page: 0,
      size: 20,
      for_export: false,
    });
  });

  test("a range, a page, a size and for_export", () => {
    expect(
      CapaListSchema.parse({
        fecha_desde: "2021-03-01",
        fecha_hasta: "2022-06-30",
        page: "3",
        size: "50",
        for_export: "true",
      }),
    ).toEqual({ fecha_desde: "2021-03-01", fecha_hasta: "2022-06-30", page: 3, size: 50, for_export: true });
  });

  test.each([
    [{ fecha_desde: "2026-02-30" }, "fecha_desde", MSG_FECHA_INVALIDA],
    [{ fecha_hasta: "20245-01-01" }, "fecha_hasta", MSG_FECHA_INVALIDA],
    [{ fecha_desde: "2022-01-02", fecha_hasta: "2022-01-01" }, "fecha_hasta", MSG_PERIODO_INVERTIDO],
    [{ page: "-1" }, "page", MSG_PAGE],
    [{ page: "abc" }, "page", MSG_PAGE],
    [{ size: "0" }, "size", MSG_SIZE],
    [{ size: "101" }, "size", MSG_SIZE],
    [{ for_export: "quizas" }, "for_export", "El valor debe ser true o false"],
  ] as const)("%j → %s: %s", (raw, param, msg) => {
    const r = parseInput(CapaListSchema, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContainEqual({ param, msg });
  });
});
