// Issue 28 on a real database (ADR 055): migrating a ficha to the next school year copies the active students the
// clerk kept, in the same transaction as the new ficha (all or nothing); a teacher DNI that is a member gets the
// registry's name on create and modify, whatever the client sent.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "~/auth/sessions.server";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import type { FichaMaeInput } from "./mae.schema";
import { agregarAlumno, inactivarAlumno } from "./alumnos.server";
import { fichaPorDni } from "./mae-data.server";
import { crearFicha, modificarFicha, type FichaMae } from "./mae.server";
import { migrarFicha } from "./migracion.server";
import { nombreDelPadron } from "./docente.server";
import { MAE_MSG } from "./rules";

let t: TestDb;
let by: SessionUser;

const MIEMBROS: Record<string, string> = {
  "46000001": "GÓMEZ, LUCÍA BELÉN",
  "46000002": "ROMERO, TOMÁS",
  "46000003": "DIAZ, MATEO",
  "31600001": "FERNÁNDEZ, MARÍA JOSÉ",
};

beforeAll(async () => {
  t = await useTestDatabase();
  for (const [dni, apeynom] of Object.entries(MIEMBROS)) {
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
       VALUES ($1, $2, $3, '01', $2, '01', 'TITULAR')`,
      [apeynom, dni, `${dni}01`],
    );
  }
  by = await adminActor();
});
afterAll(async () => {
  await t?.cleanup();
});

const fichaIn = (dni: string, over: Partial<FichaMaeInput> = {}): FichaMaeInput => ({
  anio_lectivo: 2024,
  dni,
  apeynom: "PEREZ, ANA",
  titulo_mae: "PROFESOR/A EN EDUCACION ESPECIAL",
  ...over,
});

/** A 2024 ficha with three students: the first two active, the third inactive. */
async function origen(dni: string): Promise<FichaMae & { ids: number[] }> {
  const r = await crearFicha(fichaIn(dni), by);
  if (!r.ok) throw new Error(r.msg);
  const ids: number[] = [];
  for (const a of ["46000001", "46000002", "46000003"]) {
    const added = await agregarAlumno(
      {
        id_ficha: r.ficha.id,
        alumno: { dni: a, apeynom: "X", expediente: `EXP-${a}`, horario: "H", escuela: "E", escuela_nivel: "PRIMARIO" },
      },
      by,
    );
    if (!added.ok) throw new Error(added.msg);
    ids.push(added.alumno.id);
  }
  const off = await inactivarAlumno(ids[2], by);
  if (!off.ok) throw new Error(off.msg);
  return { ...r.ficha, ids };
}

const count = (dni: string) =>
  sqlOne("SELECT count(*) FROM mae_alumnos a JOIN mae_fichas f ON f.id = a.id_ficha WHERE f.dni = $1", [dni]);

describe("migration with students", () => {
  test("copies the kept active students into the new year's ficha, in one transaction, audited", async () => {
    const o = await origen("30600001");
    const r = await migrarFicha(fichaIn("30600001", { anio_lectivo: 2025 }), { origen: o.id, alumnos: [o.ids[0]] }, by);
    expect(r).toMatchObject({ ok: true, msg: MAE_MSG.FICHA_GUARDADA });
    if (!r.ok) return;
    expect(r.ficha.anio_lectivo).toBe(2025);
    expect(r.ficha.alumnos).toEqual([
      expect.objectContaining({
        dni: "46000001",
        apeynom: "GÓMEZ, LUCÍA BELÉN",
        expediente: "EXP-46000001",
        estado: true,
        fecha_inactivacion: null,
        anio_lectivo: 2025,
        version: 1,
      }),
    ]);
    // The origin keeps its three students.
    expect((await fichaPorDni("30600001", 2024))?.alumnos).toHaveLength(3);
    expect(
      await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'mae.ficha.migrar' AND entidad_id = $1", [
        String(r.ficha.id),
      ]),
    ).toBe(1);
  });

  test("none kept: the new ficha alone", async () => {
    const o = await origen("30600002");
    const r = await migrarFicha(fichaIn("30600002", { anio_lectivo: 2025 }), { origen: o.id, alumnos: [] }, by);
    expect(r.ok && r.ficha.alumnos).toEqual([]);
  });

  test("an inactive (or another ficha's) student among the kept → 409, and neither the ficha nor a copy is written", async () => {
    const o = await origen("30600003");
    const other = await origen("30600004");
    const before = await count("30600003");
    for (const alumnos of [
      [o.ids[0], o.ids[2]],
      [o.ids[0], other.ids[0]],
    ]) {
      const r = await migrarFicha(fichaIn("30600003", { anio_lectivo: 2025 }), { origen: o.id, alumnos }, by);
      expect(r).toMatchObject({ ok: false, status: 409, msg: MAE_MSG.MIGRACION_ALUMNOS_CAMBIARON });
    }
    expect(await fichaPorDni("30600003", 2025)).toBeNull();
    expect(await count("30600003")).toBe(before);
  });

  test("an origin of another DNI or of the same year → 422, nothing written", async () => {
    const o = await origen("30600005");
    const otroDni = await migrarFicha(fichaIn("30600006", { anio_lectivo: 2025 }), { origen: o.id, alumnos: [] }, by);
    expect(otroDni).toMatchObject({ ok: false, status: 422, msg: MAE_MSG.MIGRACION_ORIGEN_INVALIDO });
    const mismoAnio = await migrarFicha(fichaIn("30600005"), { origen: o.id, alumnos: [] }, by);
    expect(mismoAnio).toMatchObject({ ok: false }); // the same DNI and year: the unique constraint or the origin
    expect(await fichaPorDni("30600006", 2025)).toBeNull();
    const unknown = await migrarFicha(
      fichaIn("30600005", { anio_lectivo: 2025 }),
      { origen: 999_999, alumnos: [] },
      by,
    );
    expect(unknown).toMatchObject({ ok: false, status: 422 });
    expect(await fichaPorDni("30600005", 2025)).toBeNull();
  });

  test("the new year already has the teacher's ficha → 409, no copy", async () => {
    const o = await origen("30600007");
    expect((await crearFicha(fichaIn("30600007", { anio_lectivo: 2025 }), by)).ok).toBe(true);
    const r = await migrarFicha(
      fichaIn("30600007", { anio_lectivo: 2025 }),
      { origen: o.id, alumnos: o.ids.slice(0, 2) },
      by,
    );
    expect(r).toMatchObject({ ok: false, status: 409, msg: MAE_MSG.FICHA_DUPLICADA });
    expect((await fichaPorDni("30600007", 2025))?.alumnos).toEqual([]);
  });
});

describe("a teacher who is a member", () => {
  test("the registry's name, whatever the client sent; a non-member keeps the typed name", async () => {
    expect(await nombreDelPadron("31600001")).toBe("FERNÁNDEZ, MARÍA JOSÉ");
    expect(await nombreDelPadron("31699999")).toBeNull();
    const r = await crearFicha(fichaIn("31600001", { apeynom: "OTRO NOMBRE" }), by);
    expect(r.ok && r.ficha.apeynom).toBe("FERNÁNDEZ, MARÍA JOSÉ");
    if (!r.ok) return;
    const m = await modificarFicha(fichaIn("31600001", { id: r.ficha.id, apeynom: "CAMBIADO", titulo_mae: "T2" }), by);
    expect(m.ok && [m.ficha.apeynom, m.ficha.titulo_mae]).toEqual(["FERNÁNDEZ, MARÍA JOSÉ", "T2"]);
    const n = await crearFicha(fichaIn("31699999", { apeynom: "TIPEADO, NOMBRE" }), by);
    expect(n.ok && n.ficha.apeynom).toBe("TIPEADO, NOMBRE");
  });
});
