// The MAE schemas (spec part 2 §5; ADR 032): required fields, bounds (10 000 characters is a field error), school
// years 2024/2025 only, ids that fit an integer column, and the list filter's defaults.
import { describe, expect, test } from "vitest";
import { MSG_DNI_INVALIDO, parseInput } from "~/lib/input";
import { MSG_PAGE } from "~/lib/table-state";
import {
  AgregarAlumnoSchema,
  BuscarFichaSchema,
  FichaIdParamsSchema,
  FichaMaeSchema,
  MaeConsultaSchema,
  MaeFiltroSchema,
  MigracionParamsSchema,
  ModificarAlumnoSchema,
  MSG_ANIO_LECTIVO,
  MSG_DNI_FILTRO,
  MSG_ID_ALUMNO,
  MSG_ID_FICHA,
  REQUIRED,
} from "./mae.schema";
import { MAE_MSG } from "./rules";

const LONG = "x".repeat(10_000);
const ficha = { anio_lectivo: 2024, dni: "30111222", apeynom: "PEREZ ANA", titulo_mae: "PROFESORA" };
const alumno = {
  dni: "45111222",
  apeynom: "GOMEZ LUCAS",
  expediente: "EXP-1/2024",
  horario: "LUNES A VIERNES 8 A 12",
  escuela: "ESCUELA 1",
  escuela_nivel: "PRIMARIO",
};

const params = (r: ReturnType<typeof parseInput>) => (r.ok ? [] : r.errors.map((e) => e.param));
const msgOf = (r: ReturnType<typeof parseInput>, param: string) =>
  r.ok ? undefined : r.errors.find((e) => e.param === param)?.msg;

describe("FichaMaeSchema", () => {
  test("a valid ficha; the school year defaults to 2024 and may come as digits", () => {
    const { anio_lectivo: _a, ...sinAnio } = ficha;
    expect(parseInput(FichaMaeSchema, sinAnio)).toEqual({ ok: true, data: { ...ficha, anio_lectivo: 2024 } });
    const r = parseInput(FichaMaeSchema, { ...ficha, anio_lectivo: "2025", id: 4 });
    expect(r.ok && r.data).toEqual({ ...ficha, anio_lectivo: 2025, id: 4 });
  });
  test("DNI, apellido y nombre and título MAE are required", () => {
    const r = parseInput(FichaMaeSchema, {});
    expect(params(r).sort()).toEqual(["apeynom", "dni", "titulo_mae"]);
    expect(msgOf(r, "apeynom")).toBe(REQUIRED);
    expect(params(parseInput(FichaMaeSchema, { ...ficha, apeynom: "   " }))).toEqual(["apeynom"]);
  });
  test.each([2023, 2026, "2023", "20245", "dos mil", 2024.5, true])("school year %j is refused", (anio) => {
    const r = parseInput(FichaMaeSchema, { ...ficha, anio_lectivo: anio });
    expect(msgOf(r, "anio_lectivo")).toBe(MSG_ANIO_LECTIVO);
  });
  test.each(["1234", "123456789", "30.111.222", "abcdefgh", 30111222])("DNI %j is refused", (dni) => {
    expect(params(parseInput(FichaMaeSchema, { ...ficha, dni }))).toEqual(["dni"]);
  });
  test("10 000 characters are a field error, not a database error", () => {
    const r = parseInput(FichaMaeSchema, { ...ficha, apeynom: LONG, titulo_mae: LONG });
    expect(params(r).sort()).toEqual(["apeynom", "titulo_mae"]);
    expect(msgOf(r, "apeynom")).toMatch(/^Máximo \d+ caracteres$/);
  });
  test.each(["5", 0, -1, 1.5, 2_147_483_648])("id %j is refused", (id) => {
    expect(msgOf(parseInput(FichaMaeSchema, { ...ficha, id }), "id")).toBe(MSG_ID_FICHA);
  });
});

describe("student schemas", () => {
  test("add: id_ficha and the student; observacion optional", () => {
    const r = parseInput(AgregarAlumnoSchema, { id_ficha: 3, alumno: { ...alumno, observacion: "" } });
    expect(r.ok && r.data).toEqual({ id_ficha: 3, alumno });
  });
  test("every required field of the student is named at its path", () => {
    const r = parseInput(AgregarAlumnoSchema, { id_ficha: 3, alumno: {} });
    expect(params(r).sort()).toEqual(
      [
        "alumno.apeynom",
        "alumno.dni",
        "alumno.escuela",
        "alumno.escuela_nivel",
        "alumno.expediente",
        "alumno.horario",
      ].sort(),
    );
    // The name comes from Validar: its message says so.
    expect(msgOf(r, "alumno.apeynom")).toBe(MAE_MSG.ALUMNO_SIN_VALIDAR);
  });
  test("a missing ficha id or a non-numeric one", () => {
    expect(msgOf(parseInput(AgregarAlumnoSchema, { alumno }), "id_ficha")).toBe(MSG_ID_FICHA);
    expect(msgOf(parseInput(AgregarAlumnoSchema, { id_ficha: "abc", alumno }), "id_ficha")).toBe(MSG_ID_FICHA);
  });
  test("10 000 characters in any text field", () => {
    for (const k of ["expediente", "horario", "escuela", "escuela_nivel", "observacion", "apeynom"]) {
      const r = parseInput(AgregarAlumnoSchema, { id_ficha: 1, alumno: { ...alumno, [k]: LONG } });
      expect(params(r), k).toEqual([`alumno.${k}`]);
    }
  });
  test("modify needs the student's id; estado and fecha_inactivacion are not taken from the client", () => {
    expect(msgOf(parseInput(ModificarAlumnoSchema, { alumno }), "alumno.id")).toBe(MSG_ID_ALUMNO);
    const r = parseInput(ModificarAlumnoSchema, {
      alumno: { ...alumno, id: 9, estado: true, fecha_inactivacion: null },
    });
    expect(r.ok && r.data.alumno).toEqual({ ...alumno, id: 9 });
  });
});

describe("lookups and the list filter", () => {
  test("the list filter's defaults: 2024, page 0 of 20", () => {
    expect(parseInput(MaeFiltroSchema, {})).toEqual({
      ok: true,
      data: { anio_lectivo: 2024, page: 0, size: 20 },
    });
  });
  test("the query string as typed: blank boxes are absent, digits are numbers", () => {
    const r = parseInput(MaeFiltroSchema, {
      apeynom_mae: " perez ",
      dni_mae: "",
      dni_alumno: "451",
      apeynom_alumno: "",
      anio_lectivo: "2025",
      page: "2",
      size: "50",
    });
    expect(r.ok && r.data).toEqual({ apeynom_mae: "perez", dni_alumno: "451", anio_lectivo: 2025, page: 2, size: 50 });
  });
  test.each([
    ["dni_mae", "12a", MSG_DNI_FILTRO],
    ["dni_alumno", "123456789", MSG_DNI_FILTRO],
    ["anio_lectivo", "2023", MSG_ANIO_LECTIVO],
    ["page", "-1", MSG_PAGE],
    ["size", "0", undefined],
    ["size", "1000", undefined],
    ["apeynom_alumno", LONG, "Máximo 100 caracteres"],
  ])("%s = %j is refused", (k, v, msg) => {
    const r = parseInput(MaeFiltroSchema, { [k]: v });
    expect(params(r)).toEqual([k]);
    if (msg) expect(msgOf(r, k)).toBe(msg);
  });
  test("GET /api/mae by id or by DNI and year; a bad id or DNI is a field error", () => {
    expect(parseInput(MaeConsultaSchema, { id: "7" }).ok).toBe(true);
    expect(msgOf(parseInput(MaeConsultaSchema, { id: "siete" }), "id")).toBe(MSG_ID_FICHA);
    expect(msgOf(parseInput(MaeConsultaSchema, { dni: "12" }), "dni")).toBe(MSG_DNI_INVALIDO);
    expect(parseInput(BuscarFichaSchema, { dni: "30111222" })).toEqual({
      ok: true,
      data: { dni: "30111222", anio_lectivo: 2024 },
    });
  });
  test("URL ids: digits that fit an integer column", () => {
    expect(parseInput(FichaIdParamsSchema, { id: "12" })).toEqual({ ok: true, data: { id: 12 } });
    for (const id of ["abc", "0", "-3", "1e3", "99999999999"])
      expect(msgOf(parseInput(FichaIdParamsSchema, { id }), "id")).toBe(MSG_ID_FICHA);
  });
  test("the migration URL's parts", () => {
    const ok = parseInput(MigracionParamsSchema, {
      anio: "2025",
      dniMae: "30111222",
      nombreMae: "PEREZ ANA",
      titulo: "PROFESOR/A",
    });
    expect(ok.ok && ok.data).toEqual({ anio: 2025, dniMae: "30111222", nombreMae: "PEREZ ANA", titulo: "PROFESOR/A" });
    const bad = parseInput(MigracionParamsSchema, { anio: "2030", dniMae: "x", nombreMae: LONG, titulo: "" });
    expect(params(bad).sort()).toEqual(["anio", "dniMae", "nombreMae", "titulo"]);
  });
});
