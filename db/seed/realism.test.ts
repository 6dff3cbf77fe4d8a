// Demo data a user would not laugh at (issue 10): seeds the demo scale into an in-memory PGlite and checks
// that every authorisation fits the member's age and sex, goes to a provider that gives that practice, and
// that stays happen only where a stay can happen, with a kind of stay that fits the patient.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

process.env.PGLITE_MEMORY = "1";
delete process.env.DATABASE_URL;

// The day the report was seen: the old generator gave, on that date, every example of the report (a PSA
// and a specialist consultation for member 858, a paediatric consultation for member 3, member 66's stay at
// an optician). Members and their ages do not depend on the date.
const TODAY = "2026-11-23";
const YEAR = 365.25;
const { getDb, getDriver, closeDb } = await import("~db/client.server.ts");
const { migrate } = await import("~db/migrate.ts");
const { seedDomain } = await import("./index.ts");
const { fits, ruleFor, serviceBit } = await import("./nomenclature.ts");
const { providerKind, professionalServices } = await import("./provider-services.ts");
const { STAY_TYPES } = await import("./health.ts");
const { organFits } = await import("./onco.ts");

async function rows<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const d = await getDriver();
  if (d.kind !== "pglite") throw new Error("expected PGlite");
  return (await d.pglite.query<T>(sql)).rows;
}
const one = async (sql: string): Promise<number> => Number(Object.values((await rows(sql))[0])[0]);

/** Authorisations with the member's sex and age (years) on the authorisation's date. */
const WITH_AGE = `SELECT a.*, f.sexocodigo AS sexo, (a.fecha - f.baperfenac::date) / ${YEAR} AS edad
  FROM autorizaciones a JOIN afiliados f ON f.idafi = a.idafi`;

beforeAll(async () => {
  await migrate();
  await seedDomain(await getDb(), await getDriver(), { scale: "demo", seed: 1, today: TODAY });
});

afterAll(async () => {
  await closeDb();
});

describe("the three examples of the report are gone", () => {
  test("member 858 (a boy of 7): no PSA, no adult specialist consultation", async () => {
    expect(
      await one("SELECT sexocodigo = 'M' AND baperfenac::date > '2018-01-01' FROM afiliados WHERE idafi = 858"),
    ).toBe(1);
    expect(
      await one(
        "SELECT count(*) FROM autorizaciones WHERE idafi = 858 AND (descpractica LIKE 'PSA%' OR practica = '420103')",
      ),
    ).toBe(0);
    expect(await one("SELECT count(*) FROM autorizaciones WHERE idafi = 858")).toBeGreaterThan(0);
  });

  test("member 3 (a man of 39): no paediatric consultation", async () => {
    expect(await one("SELECT baperfenac::date < '1990-01-01' FROM afiliados WHERE idafi = 3")).toBe(1);
    expect(
      await one("SELECT count(*) FROM autorizaciones WHERE idafi = 3 AND descpractica LIKE 'CONSULTA PEDIATRICA%'"),
    ).toBe(0);
    expect(await one("SELECT count(*) FROM autorizaciones WHERE idafi = 3")).toBeGreaterThan(0);
  });

  test("member 66: no stay at an optician, nor anywhere else that cannot take inpatients", async () => {
    expect(
      await one(
        "SELECT count(*) FROM internaciones WHERE idafi = 66 AND entidad_nombre NOT SIMILAR TO '(CLÍNICA|SANATORIO|INSTITUTO MÉDICO|FUNDACIÓN HOSPITALARIA|ASOCIACIÓN DE CLÍNICAS)%'",
      ),
    ).toBe(0);
  });
});

describe("age and sex", () => {
  test("plain facts: PSA for men over 40, paediatrics under 15, adult and specialist consultations from 15, women's studies for women", async () => {
    expect(
      await one(`SELECT count(*) FROM (${WITH_AGE}) x WHERE descpractica LIKE 'PSA%' AND (sexo <> 'M' OR edad < 40)`),
    ).toBe(0);
    expect(
      await one(`SELECT count(*) FROM (${WITH_AGE}) x WHERE descpractica LIKE 'CONSULTA PEDIATRICA%' AND edad >= 15`),
    ).toBe(0);
    expect(await one(`SELECT count(*) FROM (${WITH_AGE}) x WHERE practica IN ('420101', '420103') AND edad < 15`)).toBe(
      0,
    );
    expect(
      await one(`SELECT count(*) FROM (${WITH_AGE}) x WHERE sexo <> 'F'
      AND (descpractica SIMILAR TO '%(GINECOLOGICA|OBSTETRICA|MAMARIA|MAMOGRAFIA|PARTO|CESAREA)%')`),
    ).toBe(0);
    expect(
      await one(
        `SELECT count(*) FROM (${WITH_AGE}) x WHERE descpractica SIMILAR TO '%(PARTO|CESAREA|OBSTETRICA)%' AND (edad < 14 OR edad >= 50)`,
      ),
    ).toBe(0);
    expect(await one(`SELECT count(*) FROM (${WITH_AGE}) x WHERE descpractica LIKE 'MAMOGRAFIA%' AND edad < 35`)).toBe(
      0,
    );
    expect(
      await one(
        `SELECT count(*) FROM (${WITH_AGE}) x WHERE descpractica LIKE 'NEONATOLOGIA%' AND edad * ${YEAR} >= 28`,
      ),
    ).toBe(0);
    expect(await one(`SELECT count(*) FROM (${WITH_AGE}) x WHERE edad < 0`)).toBe(0);
    // the practices still happen to the people they are for
    expect(await one("SELECT count(*) FROM autorizaciones WHERE descpractica LIKE 'PSA%'")).toBeGreaterThan(0);
    expect(
      await one("SELECT count(*) FROM autorizaciones WHERE descpractica LIKE 'CONSULTA PEDIATRICA%'"),
    ).toBeGreaterThan(0);
    expect(await one("SELECT count(*) FROM autorizaciones WHERE descpractica LIKE 'MAMOGRAFIA%'")).toBeGreaterThan(0);
  });

  test("every authorisation fits its practice's rule", async () => {
    const all = await rows<{ practica: string; sexo: "F" | "M"; edad: number; c: number }>(
      `SELECT practica, sexo, edad, count(*)::int AS c FROM (${WITH_AGE}) x GROUP BY 1, 2, 3`,
    );
    const broken = all.filter((r) => !fits(ruleFor(r.practica), r.sexo, Number(r.edad)));
    expect(broken).toEqual([]);
    expect(all.reduce((s, r) => s + r.c, 0)).toBe(30_000);
  });
});

/** Whether an authorisation's responsable and effector both give its practice. */
function providersGive(r: {
  practica: string;
  responsable: string;
  nommedefector: string;
  especialidad: string | null;
}) {
  const bit = serviceBit(ruleFor(r.practica).service);
  const byResponsable = providerKind(r.responsable).services.includes(ruleFor(r.practica).service);
  // an institution effector is its own responsable (or, in a stay, the clinic); a professional bills by specialty
  const byEfector =
    r.especialidad === null
      ? providerKind(r.nommedefector).services.includes(ruleFor(r.practica).service)
      : (professionalServices(r.especialidad, r.responsable) & bit) !== 0;
  return byResponsable && byEfector;
}

describe("providers", () => {
  test("stays only at clinics, sanatoriums and the like; never at an optician, lab, pharmacy or imaging centre", async () => {
    const entidades = await rows<{ e: string }>("SELECT DISTINCT entidad_nombre AS e FROM internaciones");
    expect(entidades.length).toBeGreaterThan(0);
    expect(entidades.filter((r) => !providerKind(r.e).stays)).toEqual([]);
    expect(
      await one(`SELECT count(*) FROM internaciones WHERE entidad_nombre SIMILAR TO
      '(ÓPTICA|LABORATORIO|CENTRO DE DIAGNÓSTICO|INSTITUTO DE DIAGNÓSTICO|CENTRO ODONTOLÓGICO|FEDERACIÓN FARMACÉUTICA|CENTRO DE REHABILITACIÓN)%'`),
    ).toBe(0);
    // a stay's day-beds are billed by the clinic of the stay, and are of that kind of stay
    expect(
      await one(`SELECT count(*) FROM autorizaciones a JOIN internaciones i ON i.numero_orden = a.nrointernacion
      WHERE a.practica LIKE '43%' AND a.responsable <> i.entidad_nombre`),
    ).toBe(0);
    expect(await one("SELECT count(*) FROM autorizaciones WHERE practica LIKE '43%' AND estadoambint <> 'I'")).toBe(0);
    const dayBeds = await rows<{ tipo: string; practica: string }>(`SELECT DISTINCT i.tipo_interna AS tipo, a.practica
      FROM autorizaciones a JOIN internaciones i ON i.numero_orden = a.nrointernacion WHERE a.practica LIKE '43%'`);
    expect(dayBeds.length).toBeGreaterThan(0);
    expect(dayBeds.filter((d) => STAY_TYPES.find((t) => t.tipo === d.tipo)?.diaCama !== d.practica)).toEqual([]);
  });

  test("the kind of stay fits the patient's age and sex at admission", async () => {
    const stays = await rows<{ tipo_interna: string; sexo: "F" | "M"; edad: number }>(
      `SELECT i.tipo_interna, f.sexocodigo AS sexo, (i.fecha_interna - f.baperfenac::date) / ${YEAR} AS edad
         FROM internaciones i JOIN afiliados f ON f.idafi = i.idafi`,
    );
    const broken = stays.filter((s) => {
      const t = STAY_TYPES.find((x) => x.tipo === s.tipo_interna);
      return !t || Number(s.edad) < t.min || Number(s.edad) >= t.max || (t.sexo && t.sexo !== s.sexo);
    });
    expect(broken).toEqual([]);
    expect(
      await one(
        "SELECT count(*) FROM internaciones i JOIN afiliados f ON f.idafi = i.idafi WHERE i.tipo_interna = 'PEDIATRICA' AND i.fecha_interna - f.baperfenac::date >= 15 * 365.25",
      ),
    ).toBe(0);
  });

  test("paediatricians, paediatric dentists and the paediatric society only see patients under 18", async () => {
    const byPaediatric = `FROM (${WITH_AGE}) x LEFT JOIN prestadores p ON p.matricula = x.matmedefector AND x.nommedefector <> x.responsable
      WHERE (p.especialidad IN ('PEDIATRIA', 'ODONTOPEDIATRIA') OR x.responsable LIKE 'SOCIEDAD DE PEDIATRÍA%')`;
    expect(await one(`SELECT count(*) ${byPaediatric}`)).toBeGreaterThan(0);
    expect(await one(`SELECT count(*) ${byPaediatric} AND x.edad >= 18`)).toBe(0);
  });

  test("an optician only sells glasses, a lab only runs lab tests, a pharmacy only dispenses", async () => {
    expect(
      await one(
        "SELECT count(*) FROM autorizaciones WHERE responsable LIKE 'ÓPTICA%' AND descpractica NOT LIKE 'PROVISION DE ANTEOJOS%'",
      ),
    ).toBe(0);
    expect(
      await one(
        "SELECT count(*) FROM autorizaciones WHERE responsable LIKE 'LABORATORIO%' AND practica NOT LIKE '66%'",
      ),
    ).toBe(0);
    expect(
      await one(
        "SELECT count(*) FROM autorizaciones WHERE responsable LIKE 'FEDERACIÓN FARMACÉUTICA%' AND practica NOT IN ('900401', '900501')",
      ),
    ).toBe(0);
    expect(
      await one("SELECT count(*) FROM autorizaciones WHERE descpractica LIKE 'PROVISION DE ANTEOJOS%'"),
    ).toBeGreaterThan(0);
  });

  test("every authorisation's responsable and effector give that practice", async () => {
    const all = await rows<{
      practica: string;
      responsable: string;
      nommedefector: string;
      especialidad: string | null;
      c: number;
    }>(
      `SELECT a.practica, a.responsable, a.nommedefector, p.especialidad, count(*)::int AS c
         FROM autorizaciones a LEFT JOIN prestadores p ON p.matricula = a.matmedefector AND a.nommedefector <> a.responsable
        GROUP BY 1, 2, 3, 4`,
    );
    expect(all.filter((r) => !providersGive(r))).toEqual([]);
  });
});

test("oncology case files: the organ fits the patient's sex (no prostate for a woman, no ovary for a man)", async () => {
  const fichas = await rows<{ organo: string; sexo: "F" | "M" }>(
    "SELECT o.descripcion AS organo, f.afi_sexo AS sexo FROM fichas_onco f JOIN organos o ON o.id = f.organo_id",
  );
  expect(fichas.length).toBeGreaterThan(0);
  expect(fichas.filter((f) => !organFits(f.organo, f.sexo))).toEqual([]);
  expect(
    await one(`SELECT count(*) FROM fichas_onco f JOIN organos o ON o.id = f.organo_id
    WHERE (o.descripcion IN ('PROSTATA', 'TESTICULO') AND f.afi_sexo <> 'M') OR (o.descripcion IN ('OVARIO', 'CUELLO UTERINO', 'ENDOMETRIO', 'MAMA') AND f.afi_sexo <> 'F')`),
  ).toBe(0);
});
