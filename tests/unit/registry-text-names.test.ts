// Names and places typed into CAPA and MAE are stored as the member registry writes them (issue 28, ADR 054): on
// a real database, 'Belén' and 'BELÉN' typed become one stored form on every write path (CAPA locality and household
// names, MAE teacher names and schools), the MAE name search finds both the same way, and migration 0008 brings rows
// written before to the same form (its SQL and toRegistryText agree), changing nothing a second time.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "~/auth/sessions.server";
import { addDaysISO } from "~/lib/dates";
import { toRegistryText } from "~/lib/registry-text";
import { CapaSchema } from "~/modules/capa/capa.schema";
import { createCapa, updateCapa } from "~/modules/capa/capa.server";
import { agregarAlumno, modificarAlumno } from "~/modules/mae/alumnos.server";
import { MaeFiltroSchema } from "~/modules/mae/mae.schema";
import { crearFicha, listFichas, modificarFicha } from "~/modules/mae/mae.server";
import { adminActor, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
let by: SessionUser;

const NOW = new Date("2025-03-10T15:00:00Z");
const MIGRATION = resolve(import.meta.dirname, "../../db/migrations/0008_registry_text_names.sql");
const MIGRATION_0015 = resolve(import.meta.dirname, "../../db/migrations/0015_mae_registry_text_titulo_nivel.sql");

/** The statements of a migration file, run one by one. */
const runMigration = async (file: string) => {
  for (const s of readFileSync(file, "utf8")
    .split("--> statement-breakpoint")
    .map((x) => x.trim()))
    if (s) await sqlRows(s);
};

beforeAll(async () => {
  t = await useTestDatabase();
  for (const [dni, apeynom] of [
    ["30700100", "ÁLVAREZ, BELÉN"],
    ["45700001", "NÚÑEZ, TOMÁS"],
  ])
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
       VALUES ($1, $2, $3, '01', $2, '00', 'TITULAR')`,
      [apeynom, dni, `${dni}00`],
    );
  by = await adminActor();
});
afterAll(async () => {
  await t?.cleanup();
});

/** A positive date no other record of these tests has (one record per DNI and positive date, issue 35). */
let positivos = 0;
const capaIn = (over: Record<string, unknown>) =>
  CapaSchema.parse({
    afi_dni: "30700100",
    afi_localidad: "VALLE VIEJO",
    fecha_positivo: addDaysISO("2025-03-08", -positivos++),
    afi_telefono: "3834123456",
    ...over,
  });

async function capaStored(id: number) {
  const [row] = await sqlRows<{ afi_localidad: string; afi_nombre: string }>(
    "SELECT afi_localidad, afi_nombre FROM capa_registros WHERE id = $1",
    [id],
  );
  const household = await sqlRows<{ afi_nombre_integrante: string | null }>(
    "SELECT afi_nombre_integrante FROM capa_integrantes WHERE capa_id = $1 ORDER BY id",
    [id],
  );
  return { ...row, integrantes: household.map((h) => h.afi_nombre_integrante) };
}

describe("CAPA write path", () => {
  test("'Belén' and 'BELÉN' typed → one stored form; household names typed by hand too; an update the same", async () => {
    const ids: number[] = [];
    for (const [localidad, nombre] of [
      ["Belén", "maría  de los ángeles  núñez"],
      ["  BELÉN ", "MARÍA DE LOS ÁNGELES NÚÑEZ"],
      ["Bele\u0301n", "María de los Ángeles Núñez"],
    ]) {
      const r = await createCapa(
        capaIn({
          afi_localidad: localidad,
          integrantes: [{ afi_dni_integrante: "1000001", afi_nombre_integrante: nombre, afi_edad_integrante: "9" }],
        }),
        by,
        NOW,
      );
      if (!r.ok) throw new Error(r.msg);
      ids.push(r.ficha.id);
      expect(r.ficha.afi_localidad).toBe("BELÉN");
    }
    for (const id of ids)
      expect(await capaStored(id)).toEqual({
        afi_localidad: "BELÉN",
        afi_nombre: "ÁLVAREZ, BELÉN",
        integrantes: ["MARÍA DE LOS ÁNGELES NÚÑEZ"],
      });
    const updated = await updateCapa(capaIn({ id: ids[0], afi_localidad: "fray mamerto esquiú" }), by, NOW);
    expect(updated.ok).toBe(true);
    expect((await capaStored(ids[0])).afi_localidad).toBe("FRAY MAMERTO ESQUIÚ");
  });
});

describe("MAE write path", () => {
  test("teachers typed 'Belén Díaz' and 'BELÉN DÍAZ' → one stored form; the name search finds both the same way", async () => {
    const a = await crearFicha({ anio_lectivo: 2024, dni: "30700201", apeynom: "Belén  Díaz", titulo_mae: "PROF" }, by);
    const b = await crearFicha({ anio_lectivo: 2024, dni: "30700202", apeynom: "BELÉN DÍAZ", titulo_mae: "PROF" }, by);
    if (!a.ok || !b.ok) throw new Error("fichas not created");
    expect([a.ficha.apeynom, b.ficha.apeynom]).toEqual(["BELÉN DÍAZ", "BELÉN DÍAZ"]);
    const mod = await modificarFicha(
      { id: a.ficha.id, anio_lectivo: 2024, dni: "30700201", apeynom: "belén díaz", titulo_mae: "PROF" },
      by,
    );
    expect(mod.ok && mod.ficha.apeynom).toBe("BELÉN DÍAZ");
    for (const typed of ["Belén", "BELEN", "belen díaz"]) {
      const { fichas } = await listFichas(MaeFiltroSchema.parse({ apeynom_mae: typed, anio_lectivo: "2024" }));
      expect(fichas.map((f) => f.dni).sort(), typed).toEqual(["30700201", "30700202"]);
      expect(new Set(fichas.map((f) => f.apeynom))).toEqual(new Set(["BELÉN DÍAZ"]));
    }
  });

  test("a student's school typed in any case is stored as the registry writes places", async () => {
    const f = await crearFicha({ anio_lectivo: 2024, dni: "30700203", apeynom: "SOSA, ANA", titulo_mae: "PROF" }, by);
    if (!f.ok) throw new Error(f.msg);
    const r = await agregarAlumno(
      {
        id_ficha: f.ficha.id,
        alumno: {
          dni: "45700001",
          apeynom: "tipeado",
          expediente: "EXP-1/2024",
          horario: "LUNES",
          escuela: "Escuela N° 1 Fray Mamerto Esquiú",
          escuela_nivel: "PRIMARIO",
        },
      },
      by,
    );
    if (!r.ok) throw new Error(r.msg);
    expect(r.alumno).toMatchObject({ apeynom: "NÚÑEZ, TOMÁS", escuela: "ESCUELA N° 1 FRAY MAMERTO ESQUIÚ" });
  });
});

describe("MAE 'Título MAE' and 'Escuela Nivel' (issue 39, ADR 077)", () => {
  test("typed in any case and spacing, they are stored as the registry writes text on create and modify", async () => {
    const f = await crearFicha(
      { anio_lectivo: 2024, dni: "30700204", apeynom: "SOSA, ANA", titulo_mae: " Profesora  de educación especial" },
      by,
    );
    if (!f.ok) throw new Error(f.msg);
    expect(f.ficha.titulo_mae).toBe("PROFESORA DE EDUCACIÓN ESPECIAL");
    const mod = await modificarFicha(
      {
        id: f.ficha.id,
        anio_lectivo: 2024,
        dni: "30700204",
        apeynom: "SOSA, ANA",
        titulo_mae: "acompañante terapéutica",
      },
      by,
    );
    expect(mod.ok && mod.ficha.titulo_mae).toBe("ACOMPAÑANTE TERAPÉUTICA");
    const alumno = {
      dni: "45700001",
      apeynom: "tipeado",
      expediente: "EXP-2/2024",
      horario: "LUNES",
      escuela: "N° 2",
      escuela_nivel: "primario  común",
    };
    const r = await agregarAlumno({ id_ficha: f.ficha.id, alumno }, by);
    if (!r.ok) throw new Error(r.msg);
    expect(r.alumno.escuela_nivel).toBe("PRIMARIO COMÚN");
    const m = await modificarAlumno(
      { alumno: { ...alumno, id: r.alumno.id, version: r.alumno.version, escuela_nivel: "Secundario" } },
      by,
    );
    expect(m.ok && m.alumno.escuela_nivel).toBe("SECUNDARIO");
  });

  test("migration 0015 brings the older rows to that form; a second run changes nothing", async () => {
    const [ficha] = await sqlRows<{ id: number }>(
      "INSERT INTO mae_fichas (dni, apeynom, titulo_mae, anio_lectivo) VALUES ('30700298', 'X', $1, 2025) RETURNING id",
      [" prof.  de educacio\u0301n"],
    );
    await sqlRows(
      `INSERT INTO mae_alumnos (id_ficha, dni, apeynom, expediente, horario, escuela, escuela_nivel, anio_lectivo)
       VALUES ($1, '45700008', 'X', 'E', 'H', 'E', $2, 2025)`,
      [ficha.id, "nivel  inicial ñ"],
    );
    await runMigration(MIGRATION_0015);
    const read = () =>
      sqlRows<{ titulo_mae: string; escuela_nivel: string }>(
        `SELECT f.titulo_mae, a.escuela_nivel FROM mae_fichas f JOIN mae_alumnos a ON a.id_ficha = f.id WHERE f.id = $1`,
        [ficha.id],
      );
    expect(await read()).toEqual([
      { titulo_mae: toRegistryText(" prof.  de educacio\u0301n"), escuela_nivel: "NIVEL INICIAL Ñ" },
    ]);
    expect((await read())[0].titulo_mae).toBe("PROF. DE EDUCACIÓN");
    const before = await sqlRows("SELECT * FROM mae_fichas ORDER BY id");
    await runMigration(MIGRATION_0015);
    expect(await sqlRows("SELECT * FROM mae_fichas ORDER BY id")).toEqual(before);
  });
});

describe("migration 0008: rows written before", () => {
  const statements = readFileSync(MIGRATION, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
  const run = async () => {
    for (const s of statements) await sqlRows(s);
  };

  test("old CAPA and MAE rows take the form toRegistryText gives; a second run changes nothing", async () => {
    const typed = ["Belén", " belén  de   catamarca ", "Bele\u0301n", "Güemes ñandú", "çà", "TINOGASTA"];
    const capaIds: number[] = [];
    for (const [n, s] of typed.entries()) {
      // One record per DNI and positive date (issue 35): each row its own date.
      const [row] = await sqlRows<{ id: number }>(
        `INSERT INTO capa_registros (fecha_registracion, afi_dni, afi_nombre, afi_localidad, afi_telefono, fecha_positivo)
         VALUES ('2021-05-01', '30700100', $1, $1, '3834123456', $2) RETURNING id`,
        [s, addDaysISO("2021-04-30", -n)],
      );
      await sqlRows(
        "INSERT INTO capa_integrantes (capa_id, afi_dni_integrante, afi_nombre_integrante) VALUES ($1, '1000002', $2)",
        [row.id, s],
      );
      capaIds.push(row.id);
    }
    const [ficha] = await sqlRows<{ id: number }>(
      "INSERT INTO mae_fichas (dni, apeynom, titulo_mae, anio_lectivo) VALUES ('30700299', $1, 'PROF', 2025) RETURNING id",
      ["Belén  díaz"],
    );
    await sqlRows(
      `INSERT INTO mae_alumnos (id_ficha, dni, apeynom, expediente, horario, escuela, escuela_nivel, anio_lectivo)
       VALUES ($1, '45700009', $2, 'E', 'H', $3, 'PRIMARIO', 2025)`,
      [ficha.id, "núñez, tomás", "escuela n° 1 fray mamerto esquiú"],
    );

    await run();
    const capa = await sqlRows<{ afi_nombre: string; afi_localidad: string; afi_nombre_integrante: string }>(
      `SELECT r.afi_nombre, r.afi_localidad, i.afi_nombre_integrante
       FROM capa_registros r JOIN capa_integrantes i ON i.capa_id = r.id WHERE r.id = ANY($1::int[]) ORDER BY r.id`,
      [capaIds],
    );
    expect(capa).toEqual(
      typed.map((s) => ({
        afi_nombre: toRegistryText(s),
        afi_localidad: toRegistryText(s),
        afi_nombre_integrante: toRegistryText(s),
      })),
    );
    expect(capa.map((r) => r.afi_localidad).slice(0, 3)).toEqual(["BELÉN", "BELÉN DE CATAMARCA", "BELÉN"]);
    const [mae] = await sqlRows<{ apeynom: string; alumno: string; escuela: string }>(
      `SELECT f.apeynom, a.apeynom AS alumno, a.escuela FROM mae_fichas f JOIN mae_alumnos a ON a.id_ficha = f.id
       WHERE f.id = $1`,
      [ficha.id],
    );
    expect(mae).toEqual({ apeynom: "BELÉN DÍAZ", alumno: "NÚÑEZ, TOMÁS", escuela: "ESCUELA N° 1 FRAY MAMERTO ESQUIÚ" });

    const before = await sqlRows("SELECT * FROM capa_registros ORDER BY id");
    await run();
    expect(await sqlRows("SELECT * FROM capa_registros ORDER BY id")).toEqual(before);
  });
});
