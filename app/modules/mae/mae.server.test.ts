// The MAE module on a real database (ADR 032): create a ficha (audited), the same DNI and year twice → 409, students
// named only by the member registry, the student state machine enforced on every write (inactive = read-only),
// deleting a ficha takes its students with it, a student for a missing ficha → 404, nothing written on refusals,
// and the list's five filters and paging.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "~/auth/sessions.server";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { MaeFiltroSchema, type FichaMaeInput } from "./mae.schema";
import { agregarAlumno, eliminarAlumno, inactivarAlumno, modificarAlumno, validarAlumno } from "./alumnos.server";
import { fichaPorDni, fichaPorId } from "./mae-data.server";
import { crearFicha, eliminarFicha, listFichas, modificarFicha, type AlumnoMae, type FichaMae } from "./mae.server";
import { MAE_MSG } from "./rules";
import { MSG_VERSION_VIEJA } from "~db/version";

let t: TestDb;
let by: SessionUser;

/** Members of the padrón the students are validated against (their names are the registry's). */
const MIEMBROS: Record<string, string> = {
  "45000001": "GÓMEZ, LUCÍA BELÉN",
  "45000002": "ROMERO, TOMÁS",
  "45000003": "DIAZ, MATEO",
  "45000004": "ACOSTA, VALENTINA",
};
const NO_AFILIADO = "45999999";

beforeAll(async () => {
  t = await useTestDatabase();
  for (const [dni, apeynom] of Object.entries(MIEMBROS)) {
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
       VALUES ($1, $2, $3, '01', $2, '01', 'HIJO/A')`,
      [apeynom, dni, `${dni}01`],
    );
  }
  by = await adminActor();
});
afterAll(async () => {
  await t?.cleanup();
});

const audits = (accion: string) => sqlOne("SELECT count(*) FROM audit_log WHERE accion = $1", [accion]);
const rows = (table: "mae_fichas" | "mae_alumnos") => sqlOne(`SELECT count(*) FROM ${table}`);

const fichaIn = (over: Partial<FichaMaeInput> = {}): FichaMaeInput => ({
  anio_lectivo: 2024,
  dni: "30500001",
  apeynom: "PEREZ, ANA",
  titulo_mae: "PROFESOR/A EN EDUCACION ESPECIAL",
  ...over,
});
const alumnoIn = (dni: string, over: Record<string, unknown> = {}) => ({
  dni,
  apeynom: "NOMBRE TIPEADO A MANO",
  expediente: `EXP-${dni}/2024`,
  horario: "LUNES A VIERNES 08:00 A 12:00",
  escuela: "ESCUELA N° 1 FRAY MAMERTO ESQUIU",
  escuela_nivel: "PRIMARIO",
  ...over,
});

async function nuevaFicha(over: Partial<Parameters<typeof crearFicha>[0]> = {}): Promise<FichaMae> {
  const r = await crearFicha(fichaIn(over), by);
  if (!r.ok) throw new Error(`${r.status} ${r.msg}`);
  return r.ficha;
}
async function nuevoAlumno(id_ficha: number, dni: string): Promise<AlumnoMae> {
  const r = await agregarAlumno({ id_ficha, alumno: alumnoIn(dni) }, by);
  if (!r.ok) throw new Error(`${r.status} ${r.msg}`);
  return r.alumno;
}

describe("fichas", () => {
  test("create: the ficha, its message and its audit entry", async () => {
    const before = await audits("mae.ficha.crear");
    const r = await crearFicha(fichaIn({ dni: "30500010" }), by);
    expect(r).toMatchObject({ ok: true, msg: "Ficha guardada con éxito!" });
    if (!r.ok) return;
    expect(r.ficha).toMatchObject({ dni: "30500010", apeynom: "PEREZ, ANA", anio_lectivo: 2024, alumnos: [] });
    expect(await audits("mae.ficha.crear")).toBe(before + 1);
    expect(await fichaPorDni("30500010", 2024)).toEqual(r.ficha);
    expect(await fichaPorDni("30500010", 2025)).toBeNull();
  });

  test("the same DNI and school year twice → 409 with a clear message; nothing more is written", async () => {
    await nuevaFicha({ dni: "30500011" });
    const [fichas, audited] = [await rows("mae_fichas"), await audits("mae.ficha.crear")];
    const r = await crearFicha(fichaIn({ dni: "30500011", apeynom: "OTRO NOMBRE" }), by);
    expect(r).toEqual({
      ok: false,
      status: 409,
      msg: MAE_MSG.FICHA_DUPLICADA,
      errors: [{ param: "dni", msg: MAE_MSG.FICHA_DUPLICADA }],
      code: "duplicate",
    });
    expect([await rows("mae_fichas"), await audits("mae.ficha.crear")]).toEqual([fichas, audited]);
    // Another school year is another ficha (the migration).
    expect((await crearFicha(fichaIn({ dni: "30500011", anio_lectivo: 2025 }), by)).ok).toBe(true);
  });

  test("two simultaneous creations of one DNI and year: exactly one wins (the unique constraint decides)", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => crearFicha(fichaIn({ dni: "30500012", anio_lectivo: 2025 }), by)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual([409, 409, 409, 409]);
  });

  test("modify: name and title change, audited; DNI and school year stay (422); an unknown id → 404", async () => {
    const f = await nuevaFicha({ dni: "30500013" });
    const before = await audits("mae.ficha.modificar");
    const r = await modificarFicha(
      fichaIn({ id: f.id, dni: "30500013", apeynom: "PEREZ, ANA MARIA", titulo_mae: "T2" }),
      by,
    );
    expect(r).toMatchObject({ ok: true, msg: "Ficha modificada con éxito!", ficha: { apeynom: "PEREZ, ANA MARIA" } });
    expect(await audits("mae.ficha.modificar")).toBe(before + 1);
    const dni = await modificarFicha(fichaIn({ id: f.id, dni: "30500099" }), by);
    expect(dni).toMatchObject({ ok: false, status: 422, msg: MAE_MSG.FICHA_DNI_FIJO });
    const anio = await modificarFicha(fichaIn({ id: f.id, dni: "30500013", anio_lectivo: 2025 }), by);
    expect(anio).toMatchObject({ ok: false, status: 422, errors: [{ param: "anio_lectivo" }] });
    expect(await modificarFicha(fichaIn({ id: 999_999 }), by)).toMatchObject({ ok: false, status: 404 });
    expect(await modificarFicha(fichaIn({}), by)).toMatchObject({ ok: false, status: 404 });
    expect((await fichaPorId(f.id))?.apeynom).toBe("PEREZ, ANA MARIA");
    expect(await audits("mae.ficha.modificar")).toBe(before + 1);
  });
});

describe("students", () => {
  test("validar: the first member with that DNI names the student; a DNI without member → 422", async () => {
    expect(await validarAlumno("45000001")).toEqual({ ok: true, apeynom: "GÓMEZ, LUCÍA BELÉN" });
    expect(await validarAlumno(NO_AFILIADO)).toMatchObject({ ok: false, status: 422, msg: MAE_MSG.ALUMNO_NO_AFILIADO });
  });

  test("a ficha with two students: each named by the registry whatever the client sent, in the ficha's year", async () => {
    const f = await nuevaFicha({ dni: "30500020", anio_lectivo: 2025 });
    const before = await audits("mae.alumno.agregar");
    const a = await nuevoAlumno(f.id, "45000001");
    const b = await nuevoAlumno(f.id, "45000002");
    expect(a).toMatchObject({
      apeynom: "GÓMEZ, LUCÍA BELÉN",
      estado: true,
      fecha_inactivacion: null,
      anio_lectivo: 2025,
    });
    expect(b.apeynom).toBe("ROMERO, TOMÁS");
    expect((await fichaPorId(f.id))?.alumnos.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(await audits("mae.alumno.agregar")).toBe(before + 2);
  });

  test("refused adds write nothing: a ficha that does not exist (404), a DNI without member (422), twice (409)", async () => {
    const f = await nuevaFicha({ dni: "30500021" });
    await nuevoAlumno(f.id, "45000001");
    const [alumnos, audited] = [await rows("mae_alumnos"), await audits("mae.alumno.agregar")];
    expect(await agregarAlumno({ id_ficha: 987_654, alumno: alumnoIn("45000002") }, by)).toMatchObject({
      ok: false,
      status: 404,
      msg: MAE_MSG.FICHA_NO_EXISTE,
    });
    expect(await agregarAlumno({ id_ficha: f.id, alumno: alumnoIn(NO_AFILIADO) }, by)).toMatchObject({
      ok: false,
      status: 422,
      errors: [{ param: "alumno.dni", msg: MAE_MSG.ALUMNO_NO_AFILIADO }],
    });
    expect(await agregarAlumno({ id_ficha: f.id, alumno: alumnoIn("45000001") }, by)).toMatchObject({
      ok: false,
      status: 409,
      msg: MAE_MSG.ALUMNO_DUPLICADO,
    });
    expect([await rows("mae_alumnos"), await audits("mae.alumno.agregar")]).toEqual([alumnos, audited]);
  });

  test("modify an active student: the fields change, the name stays the registry's; moving onto a classmate's DNI → 409", async () => {
    const f = await nuevaFicha({ dni: "30500022" });
    const a = await nuevoAlumno(f.id, "45000001");
    await nuevoAlumno(f.id, "45000002");
    const r = await modificarAlumno(
      { alumno: { ...alumnoIn("45000003", { apeynom: "CUALQUIERA", observacion: "CON ACOMPAÑANTE" }), id: a.id } },
      by,
    );
    expect(r).toMatchObject({
      ok: true,
      msg: "Datos del alumno guardado con éxito!",
      alumno: { id: a.id, dni: "45000003", apeynom: "DIAZ, MATEO", observacion: "CON ACOMPAÑANTE", estado: true },
    });
    const dup = await modificarAlumno({ alumno: { ...alumnoIn("45000002"), id: a.id } }, by);
    expect(dup).toMatchObject({ ok: false, status: 409, msg: MAE_MSG.ALUMNO_DUPLICADO });
    expect(await modificarAlumno({ alumno: { ...alumnoIn("45000002"), id: 876_543 } }, by)).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  test("inactivate: estado false and today's date in Catamarca; then modify, delete and inactivate are refused (409)", async () => {
    const f = await nuevaFicha({ dni: "30500023" });
    const a = await nuevoAlumno(f.id, "45000004");
    // 01:30 UTC on 1 March is still 28 February in Catamarca (UTC−3).
    const r = await inactivarAlumno(a.id, by, new Date("2025-03-01T01:30:00Z"));
    expect(r).toMatchObject({
      ok: true,
      msg: "Alumno inactivado con éxito!",
      alumno: { id: a.id, estado: false, fecha_inactivacion: "2025-02-28" },
    });
    const [audMod, audDel] = [await audits("mae.alumno.modificar"), await audits("mae.alumno.eliminar")];
    expect(await modificarAlumno({ alumno: { ...alumnoIn("45000004", { horario: "OTRO" }), id: a.id } }, by)).toEqual({
      ok: false,
      status: 409,
      msg: MAE_MSG.ALUMNO_INACTIVO,
      code: "conflict",
    });
    expect(await eliminarAlumno(a.id, by)).toEqual({
      ok: false,
      status: 409,
      msg: MAE_MSG.ALUMNO_INACTIVO,
      code: "conflict",
    });
    expect(await inactivarAlumno(a.id, by)).toEqual({
      ok: false,
      status: 409,
      msg: MAE_MSG.ALUMNO_YA_INACTIVO,
      code: "conflict",
    });
    const [saved] = (await fichaPorId(f.id))!.alumnos;
    expect(saved).toMatchObject({ horario: a.horario, estado: false, fecha_inactivacion: "2025-02-28" });
    expect([await audits("mae.alumno.modificar"), await audits("mae.alumno.eliminar")]).toEqual([audMod, audDel]);
    expect(
      await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'mae.alumno.inactivar' AND entidad_id = $1", [
        String(a.id),
      ]),
    ).toBe(1);
  });

  test("delete an active student: gone, audited; again → 404", async () => {
    const f = await nuevaFicha({ dni: "30500024" });
    const a = await nuevoAlumno(f.id, "45000001");
    expect(await eliminarAlumno(a.id, by)).toEqual({
      ok: true,
      id: a.id,
      id_ficha: f.id,
      msg: "Alumno eliminado con éxito!",
    });
    expect((await fichaPorId(f.id))?.alumnos).toEqual([]);
    expect(await eliminarAlumno(a.id, by)).toMatchObject({ ok: false, status: 404, msg: MAE_MSG.ALUMNO_NO_EXISTE });
    expect(
      await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'mae.alumno.eliminar' AND entidad_id = $1", [
        String(a.id),
      ]),
    ).toBe(1);
  });
});

describe("stale edits (ADR 047)", () => {
  test("a ficha: version 1, + 1 per modify; the same version twice → the second 409, nothing changed, no audit", async () => {
    const f = await nuevaFicha({ dni: "30500700" });
    expect(f.version).toBe(1);
    const first = await modificarFicha(fichaIn({ id: f.id, dni: "30500700", version: 1, apeynom: "PRIMERO" }), by);
    expect(first.ok && first.ficha.version).toBe(2);
    const logs = await audits("mae.ficha.modificar");
    const second = await modificarFicha(fichaIn({ id: f.id, dni: "30500700", version: 1, apeynom: "SEGUNDO" }), by);
    expect(second).toMatchObject({ ok: false, status: 409, msg: MSG_VERSION_VIEJA });
    expect(await fichaPorId(f.id)).toMatchObject({ apeynom: "PRIMERO", version: 2 });
    expect(await audits("mae.ficha.modificar")).toBe(logs);
    // Without version: accepted (a client that does not know it), version still + 1.
    const sin = await modificarFicha(fichaIn({ id: f.id, dni: "30500700", apeynom: "SIN VERSION" }), by);
    expect(sin.ok && sin.ficha).toMatchObject({ apeynom: "SIN VERSION", version: 3 });
  });

  test("a ficha: concurrent modifies of one version → exactly one wins", async () => {
    const f = await nuevaFicha({ dni: "30500701" });
    const rs = await Promise.all(
      ["A", "B", "C"].map((n) => modificarFicha(fichaIn({ id: f.id, dni: "30500701", version: 1, apeynom: n }), by)),
    );
    expect(rs.filter((r) => r.ok)).toHaveLength(1);
    expect((await fichaPorId(f.id))!.version).toBe(2);
  });

  test("a student: version 1, + 1 per modify; the same version twice → the second 409, nothing changed, no audit", async () => {
    const f = await nuevaFicha({ dni: "30500702" });
    const a = await nuevoAlumno(f.id, "45000001");
    expect(a.version).toBe(1);
    const first = await modificarAlumno(
      { alumno: { ...alumnoIn("45000001", { horario: "PRIMERO" }), id: a.id, version: 1 } },
      by,
    );
    expect(first.ok && first.alumno.version).toBe(2);
    const logs = await audits("mae.alumno.modificar");
    const second = await modificarAlumno(
      { alumno: { ...alumnoIn("45000001", { horario: "SEGUNDO" }), id: a.id, version: 1 } },
      by,
    );
    expect(second).toMatchObject({ ok: false, status: 409, msg: MSG_VERSION_VIEJA });
    expect((await fichaPorId(f.id))!.alumnos[0]).toMatchObject({ horario: "PRIMERO", version: 2 });
    expect(await audits("mae.alumno.modificar")).toBe(logs);
    const sin = await modificarAlumno({ alumno: { ...alumnoIn("45000001", { horario: "SIN" }), id: a.id } }, by);
    expect(sin.ok && sin.alumno).toMatchObject({ horario: "SIN", version: 3 });
    // Inactivating is a write of the student too: its version goes up, and a stale one is refused.
    expect(await inactivarAlumno(a.id, by, undefined, 1)).toMatchObject({ status: 409, msg: MSG_VERSION_VIEJA });
    const off = await inactivarAlumno(a.id, by, undefined, 3);
    expect(off.ok && off.alumno).toMatchObject({ estado: false, version: 4 });
  });
});

describe("deleting a ficha (ADR 032: its students go with it)", () => {
  test("the ficha and its students (active and inactive) are deleted; the audit entry keeps them", async () => {
    const f = await nuevaFicha({ dni: "30500030" });
    const a = await nuevoAlumno(f.id, "45000001");
    const b = await nuevoAlumno(f.id, "45000002");
    await inactivarAlumno(b.id, by);
    const r = await eliminarFicha(f.id, by);
    expect(r).toEqual({ ok: true, id: f.id, alumnos: 2, msg: "Ficha eliminada con éxito!" });
    expect(await fichaPorId(f.id)).toBeNull();
    expect(await sqlOne("SELECT count(*) FROM mae_alumnos WHERE id IN ($1, $2)", [a.id, b.id])).toBe(0);
    const [entry] = await sqlRows<{ detalle: { dni: string; alumnos: { dni: string; estado: boolean }[] } }>(
      "SELECT detalle FROM audit_log WHERE accion = 'mae.ficha.eliminar' AND entidad_id = $1",
      [String(f.id)],
    );
    expect(entry.detalle.dni).toBe("30500030");
    expect(entry.detalle.alumnos.map((x) => [x.dni, x.estado])).toEqual([
      ["45000001", true],
      ["45000002", false],
    ]);
    expect(await eliminarFicha(f.id, by)).toMatchObject({ ok: false, status: 404, msg: MAE_MSG.FICHA_NO_EXISTE });
    // The database agrees: a ficha row deleted directly takes its students too.
    const g = await nuevaFicha({ dni: "30500031" });
    await nuevoAlumno(g.id, "45000003");
    await sqlRows("DELETE FROM mae_fichas WHERE id = $1", [g.id]);
    expect(await sqlOne("SELECT count(*) FROM mae_alumnos WHERE id_ficha = $1", [g.id])).toBe(0);
  });
});

describe("the list", () => {
  const list = (o: Record<string, unknown>) => listFichas(MaeFiltroSchema.parse(o));

  beforeAll(async () => {
    const f1 = await nuevaFicha({ dni: "27800001", apeynom: "ZÁRATE, MARÍA", anio_lectivo: 2025 });
    const f2 = await nuevaFicha({ dni: "27800002", apeynom: "ZAPATA, JUAN", anio_lectivo: 2025 });
    await nuevaFicha({ dni: "27800003", apeynom: "ZARATE, OTRA", anio_lectivo: 2024 });
    await nuevoAlumno(f1.id, "45000001");
    await nuevoAlumno(f2.id, "45000002");
  });

  test("by school year, name (accents and case ignored, words in any order) and DNI (from the start)", async () => {
    const names = async (o: Record<string, unknown>) => (await list(o)).fichas.map((f) => f.apeynom);
    expect(await names({ anio_lectivo: "2025", apeynom_mae: "zarate" })).toEqual(["ZÁRATE, MARÍA"]);
    expect(await names({ anio_lectivo: "2025", apeynom_mae: "maria zarate" })).toEqual(["ZÁRATE, MARÍA"]);
    expect(await names({ anio_lectivo: "2024", apeynom_mae: "ZARATE" })).toEqual(["ZARATE, OTRA"]);
    expect(await names({ anio_lectivo: "2025", dni_mae: "278000" })).toEqual(["ZAPATA, JUAN", "ZÁRATE, MARÍA"]);
    expect(await names({ anio_lectivo: "2025", dni_mae: "27800002" })).toEqual(["ZAPATA, JUAN"]);
  });

  test("by a student's DNI or name; each ficha comes with its students", async () => {
    const r = await list({ anio_lectivo: "2025", dni_alumno: "45000002" });
    expect(r.fichas.map((f) => f.dni)).toContain("27800002");
    expect(r.fichas.every((f) => f.alumnos.some((a) => a.dni === "45000002"))).toBe(true);
    const byName = await list({ anio_lectivo: "2025", apeynom_alumno: "lucia gomez", dni_mae: "278" });
    expect(byName.fichas.map((f) => f.dni)).toEqual(["27800001"]);
    expect(byName.fichas[0].alumnos.map((a) => a.apeynom)).toEqual(["GÓMEZ, LUCÍA BELÉN"]);
  });

  test("paging: size per page and the total of every match", async () => {
    const all = await list({ anio_lectivo: "2024", size: "100" });
    expect(all.total_records).toBeGreaterThanOrEqual(5);
    const p0 = await list({ anio_lectivo: "2024", size: "2", page: "0" });
    const p1 = await list({ anio_lectivo: "2024", size: "2", page: "1" });
    expect(p0.total_records).toBe(all.total_records);
    expect(p0.fichas).toHaveLength(2);
    expect([...p0.fichas, ...p1.fichas].map((f) => f.id)).toEqual(all.fichas.slice(0, 4).map((f) => f.id));
    expect((await list({ anio_lectivo: "2024", page: "99999" })).fichas).toEqual([]);
  });

  test("LIKE wildcards typed in a name match nothing special", async () => {
    expect((await list({ anio_lectivo: "2025", apeynom_mae: "%" })).total_records).toBe(
      (await list({ anio_lectivo: "2025" })).total_records,
    );
    const zar = await list({ anio_lectivo: "2025", apeynom_mae: "zar%", dni_mae: "278" });
    expect(zar.fichas.map((f) => f.apeynom)).toEqual(["ZÁRATE, MARÍA"]);
  });
});
