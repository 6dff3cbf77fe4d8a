// Seeds the demo scale into an in-memory PGlite and checks the invariants the screens and statistics rely on.
import { afterAll, beforeAll, expect, test } from "vitest";
import { TIPOS_DOCUMENTO } from "~db/reference.ts";
import { isValidCuil } from "./cuil.ts";

process.env.PGLITE_MEMORY = "1";
delete process.env.DATABASE_URL;

const TODAY = "2025-06-15";
const { getDb, getDriver, closeDb } = await import("~db/client.server.ts");
const { migrate } = await import("~db/migrate.ts");
const { seedDomain, truncateDomain } = await import("./index.ts");
const { Writer } = await import("./writer.ts");

let counts: Record<string, number> = {};
let seconds = 0;

async function rows<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  const d = await getDriver();
  if (d.kind !== "pglite") throw new Error("expected PGlite");
  return (await d.pglite.query<T>(sql)).rows;
}
const one = async (sql: string): Promise<number> => Number(Object.values((await rows(sql))[0])[0]);

const CHECKSUM_TABLES = ["afiliados", "autorizaciones", "enrolamientos", "consumos_farmacia", "tramites"];
async function checksums(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of CHECKSUM_TABLES) {
    const key = t === "afiliados" ? "idafi" : "id";
    out[t] = String(
      Object.values((await rows(`SELECT md5(string_agg(x::text, '|' ORDER BY x.${key})) AS h FROM ${t} x`))[0])[0],
    );
  }
  return out;
}

beforeAll(async () => {
  const m = performance.now();
  await migrate();
  console.log(`migrate ${((performance.now() - m) / 1000).toFixed(1)} s`);
  const t = performance.now();
  counts = await seedDomain(await getDb(), await getDriver(), { scale: "demo", seed: 1, today: TODAY });
  seconds = (performance.now() - t) / 1000;
  console.log(`demo seed ${seconds.toFixed(1)} s`);
});

afterAll(async () => {
  await closeDb();
});

test("demo volumes, fast enough for a first start", () => {
  expect(counts.afiliados).toBeGreaterThanOrEqual(3000);
  expect(counts.autorizaciones).toBe(30_000);
  expect(counts.responsables).toBe(90);
  expect(seconds).toBeLessThan(45);
});

test("unique DNIs and valid CUIL/CUIT check digits", async () => {
  expect(await one("SELECT count(*) - count(DISTINCT numdoc) FROM afiliados")).toBe(0);
  expect(await one("SELECT count(*) FROM afiliados WHERE numdoc !~ '^[0-9]{7,8}$'")).toBe(0);
  const cuils = await rows<{ c: string }>(
    "SELECT cuil_prefijo || '-' || cuil_nrocentral || '-' || cuil_dtoverific AS c FROM afiliados WHERE cuil_prefijo IS NOT NULL",
  );
  expect(cuils.length).toBeGreaterThan(2500);
  expect(cuils.filter((r) => !isValidCuil(r.c))).toEqual([]);
  expect(
    await one(
      "SELECT count(*) FROM afiliados WHERE cuil_prefijo IS NOT NULL AND cuil_nrocentral::bigint <> numdoc::bigint",
    ),
  ).toBe(0);
  const cuits = await rows<{ cuit: string }>("SELECT cuit FROM responsables");
  expect(cuits.filter((r) => !isValidCuil(r.cuit))).toEqual([]);
  const authCuils = await rows<{ cuil: string }>("SELECT DISTINCT cuil FROM autorizaciones WHERE cuil IS NOT NULL");
  expect(authCuils.filter((r) => !isValidCuil(r.cuil))).toEqual([]);
});

test("referential integrity of family groups, authorisations and enrolments", async () => {
  expect(
    await one(`SELECT count(*) FROM afiliados a WHERE NOT EXISTS
    (SELECT 1 FROM afiliados t WHERE t.grupo_familiar_id = a.grupo_familiar_id AND t.nroparentesco = '00' AND t.descparentesco = 'TITULAR')`),
  ).toBe(0);
  expect(await one("SELECT count(*) FROM grupos_familiares WHERE titular_idafi IS NULL")).toBe(0);
  expect(
    await one(`SELECT count(*) FROM (SELECT grupo_familiar_id FROM afiliados GROUP BY 1
    HAVING count(DISTINCT grupo) > 1 OR count(DISTINCT nromedio) > 1 OR count(*) <> count(DISTINCT nroparentesco)) x`),
  ).toBe(0);
  expect(await one("SELECT count(*) FROM afiliados WHERE nroafi <> grupo || nromedio || nroparentesco")).toBe(0);
  expect(
    await one("SELECT count(*) FROM autorizaciones a LEFT JOIN afiliados f ON f.idafi = a.idafi WHERE f.idafi IS NULL"),
  ).toBe(0);
  expect(
    await one(
      "SELECT count(*) FROM autorizaciones a JOIN afiliados f ON f.idafi = a.idafi WHERE a.nroafiliado <> f.nroafi OR a.nombreafiliado <> f.apeynom",
    ),
  ).toBe(0);
  expect(
    await one(
      "SELECT count(*) FROM enrolamientos e LEFT JOIN coberturas c ON c.gravcodgra = e.gravcodgra WHERE c.gravcodgra IS NULL",
    ),
  ).toBe(0);
  expect(
    await one(
      "SELECT count(*) FROM autorizaciones a LEFT JOIN coberturas c ON c.gravcodgra = a.cobertura WHERE c.gravcodgra IS NULL",
    ),
  ).toBe(0);
  expect(
    await one(`SELECT count(*) FROM autorizaciones a WHERE a.estadoambint = 'I'
    AND NOT EXISTS (SELECT 1 FROM internaciones i WHERE i.numero_orden = a.nrointernacion AND i.idafi = a.idafi)`),
  ).toBe(0);
  expect(
    await one(
      "SELECT count(*) FROM autorizaciones a LEFT JOIN responsables r ON r.cuit = a.cuit_responsable WHERE r.id IS NULL",
    ),
  ).toBe(0);
  expect(
    await one(
      "SELECT count(*) FROM autorizaciones a LEFT JOIN efectores e ON e.codigo = a.codigo_efector WHERE e.id IS NULL",
    ),
  ).toBe(0);
  expect(
    await one(
      "SELECT count(*) FROM autorizaciones a LEFT JOIN practicas p ON p.practica = a.practica AND p.subitem = a.subitem WHERE p.id IS NULL",
    ),
  ).toBe(0);
});

test("member status mix: about 85 % active, leavers with reason and date, expiries past and future", async () => {
  const active = await one(
    `SELECT avg(CASE WHEN fechbaja = '0001-01-01' AND (fechvto IS NULL OR fechvto = '0001-01-01' OR fechvto >= '${TODAY}') THEN 1.0 ELSE 0 END) FROM afiliados`,
  );
  expect(active).toBeGreaterThan(0.8);
  expect(active).toBeLessThan(0.9);
  expect(
    await one(
      "SELECT count(*) FROM afiliados WHERE fechbaja <> '0001-01-01' AND (codmotbaja IS NULL OR motbaja IS NULL OR fechbaja < fechalta)",
    ),
  ).toBe(0);
  expect(await one("SELECT count(DISTINCT codmotbaja) FROM afiliados")).toBeGreaterThan(5);
  expect(await one(`SELECT count(*) FROM afiliados WHERE fechvto > '${TODAY}'`)).toBeGreaterThan(0);
  expect(
    await one(`SELECT count(*) FROM afiliados WHERE fechvto < '${TODAY}' AND fechvto <> '0001-01-01'`),
  ).toBeGreaterThan(0);
  const groups = (await rows<{ grupo: string }>("SELECT DISTINCT grupo FROM afiliados")).map((r) => r.grupo);
  expect(groups).toEqual(expect.arrayContaining(["01", "02", "03", "04", "05", "06", "99", "10"]));
  expect(await one("SELECT count(*) FROM aportes WHERE jubilado")).toBeGreaterThan(0);
  expect(
    await one(
      "SELECT count(*) FROM aportes a JOIN afiliados f ON f.idafi = a.idafi WHERE a.jubilado <> (f.grupo IN ('01','02','03','04','05','06','99'))",
    ),
  ).toBe(0);
  expect(await one("SELECT count(*) FROM convenios_reciprocidad")).toBeGreaterThan(0);
});

test("voluntary affiliates (issue 15): holders of groups 20 and 21, family members of 21, active and inactive", async () => {
  const vol = "descclasificacion = 'VOLUNTARIO'";
  const active = `fechbaja = '0001-01-01' AND (fechvto IS NULL OR fechvto = '0001-01-01' OR fechvto >= '${TODAY}')`;
  expect(
    await one(`SELECT count(*) FROM afiliados WHERE ${vol} AND grupo = '20' AND nroparentesco = '00'`),
  ).toBeGreaterThan(0);
  expect(
    await one(`SELECT count(*) FROM afiliados WHERE ${vol} AND grupo = '21' AND nroparentesco = '00'`),
  ).toBeGreaterThan(0);
  expect(
    await one(`SELECT count(*) FROM afiliados WHERE ${vol} AND grupo = '21' AND nroparentesco <> '00'`),
  ).toBeGreaterThan(0);
  // voluntary = groups 20/21, and every one's family group has a voluntary holder
  expect(await one(`SELECT count(*) FROM afiliados WHERE (${vol}) <> (grupo IN ('20', '21'))`)).toBe(0);
  expect(
    await one(
      `SELECT count(*) FROM afiliados a LEFT JOIN grupos_familiares g ON g.id = a.grupo_familiar_id
       LEFT JOIN afiliados t ON t.idafi = g.titular_idafi
       WHERE a.${vol} AND (t.idafi IS NULL OR t.descclasificacion <> 'VOLUNTARIO' OR t.grupo <> a.grupo)`,
    ),
  ).toBe(0);
  expect(await one(`SELECT count(*) FROM afiliados WHERE ${vol} AND ${active}`)).toBeGreaterThan(0);
  expect(await one(`SELECT count(*) FROM afiliados WHERE ${vol} AND fechbaja <> '0001-01-01'`)).toBeGreaterThan(0);
  expect(
    await one(`SELECT count(*) FROM afiliados WHERE ${vol} AND fechbaja = '0001-01-01' AND NOT (${active})`),
  ).toBeGreaterThan(0);
});

test("coverages and enrolments", async () => {
  const codes = (await rows<{ c: number }>("SELECT DISTINCT gravcodgra AS c FROM enrolamientos")).map((r) => r.c);
  expect(codes).toEqual(expect.arrayContaining([3, 8, 20, 40, 41, 42, 43, 44, 45, 53]));
  expect(await one("SELECT gravdesgra = 'PLAN MATERNO INFANTIL' FROM coberturas WHERE gravcodgra = 53")).toBe(1);
  expect(await one("SELECT count(*) FROM enrolamientos WHERE enprfecbaj = '0001-01-01'")).toBeGreaterThan(0);
  expect(
    await one(`SELECT count(*) FROM enrolamientos WHERE enprfecbaj <> '0001-01-01' AND enprfecbaj < '${TODAY}'`),
  ).toBeGreaterThan(0);
  expect(await one(`SELECT count(*) FROM enrolamientos WHERE enprfecbaj > '${TODAY}'`)).toBeGreaterThan(0);
});

test("authorisations cover every state, modality, payment type and timing pattern", async () => {
  const distinct = async (col: string) =>
    (await rows<{ v: string }>(`SELECT DISTINCT ${col} AS v FROM autorizaciones`)).map((r) => r.v).sort();
  expect(await distinct("autorizo")).toEqual(["AUTORIZADA", "DENEGADA", "DIF/OTRO"]);
  expect(await distinct("modalidad")).toEqual(["AUT Y CONS SIMULTANEO", "CONSUMO", "PREVIA"]);
  expect(await distinct("tipopago")).toEqual(["GEN", "PAG", "SIN"]);
  expect(await distinct("estadoambint")).toEqual(["A", "I"]);
  expect(await one("SELECT count(*) FROM autorizaciones WHERE estadoambint = 'I' AND nrointernacion IS NULL")).toBe(0);
  expect(
    await one(`SELECT count(*) FROM autorizaciones WHERE modalidad = 'PREVIA' AND fechavto <= '${TODAY}'`),
  ).toBeGreaterThan(0);
  expect(
    await one(`SELECT count(*) FROM autorizaciones WHERE fecha < '${TODAY}'::date - 729 OR fecha > '${TODAY}'`),
  ).toBe(0);
  expect(await one(`SELECT count(*) FROM autorizaciones WHERE fecha = '${TODAY}'`)).toBeGreaterThan(0);
  const auditors = await one(
    "SELECT count(DISTINCT usuarioauditoria) FROM autorizaciones WHERE usuarioauditoria LIKE 'AUD%'",
  );
  expect(auditors).toBe(25);
  expect(await one("SELECT count(*) FROM autorizaciones WHERE fecha_hora_auditoria <= fecha_hora_carga")).toBe(0);
  expect(
    await one(
      "SELECT count(*) FROM autorizaciones WHERE fecha_hora_auditoria - fecha_hora_carga < interval '2 minutes'",
    ),
  ).toBeGreaterThan(0);
  expect(
    await one("SELECT count(*) FROM autorizaciones WHERE fecha_hora_carga < fecha_hora_auditoria::date + time '07:00'"),
  ).toBeGreaterThan(0);
  expect(
    await one("SELECT count(*) FROM autorizaciones WHERE fecha_hora_carga::date < fecha_hora_auditoria::date"),
  ).toBeGreaterThan(0);
  expect(
    await one("SELECT count(*) FROM autorizaciones WHERE fecha_hora_carga_original < fecha_hora_carga"),
  ).toBeGreaterThan(0);
  expect(
    await one(`SELECT count(*) FROM (SELECT fecha_hora_auditoria - lag(fecha_hora_auditoria) OVER (PARTITION BY usuarioauditoria, fecha ORDER BY fecha_hora_auditoria) AS gap
    FROM autorizaciones WHERE usuarioauditoria LIKE 'AUD%') g WHERE gap > interval '15 minutes'`),
  ).toBeGreaterThan(0);
  // audits fall inside (or shortly around) the auditor's shift
  expect(
    await one(`SELECT count(*) FROM autorizaciones a JOIN turnos_auditores t ON t.auditor = a.usuarioauditoria
    WHERE a.fecha_hora_auditoria::time < t.inicio_turno`),
  ).toBe(0);
  expect(
    await one(
      "SELECT count(*) FROM consumos_farmacia WHERE fecha_dispensa = '1900-01-01' OR fecha_receta = '1900-01-01'",
    ),
  ).toBeGreaterThan(0);
});

test("registries: procedure types, documents, CAPA, MAE, oncology", async () => {
  const tipos = (await rows<{ t: string }>("SELECT tipo_tramite AS t FROM turnos_config")).map((r) => r.t);
  expect(tipos).toContain("AFILIACIONES");
  expect(tipos.length).toBeGreaterThanOrEqual(4);
  expect(await one("SELECT count(*) FROM turnos")).toBeGreaterThan(0);
  const docs = (await rows<{ t: string }>("SELECT DISTINCT tipo_documento AS t FROM tramites")).map((r) => r.t);
  expect([...docs].sort()).toEqual([...TIPOS_DOCUMENTO].sort());
  expect(await one("SELECT count(*) FROM capa_registros")).toBeGreaterThan(0);
  expect(
    await one(
      "SELECT count(*) FROM capa_registros r WHERE cant_integrantes <> (SELECT count(*) FROM capa_integrantes i WHERE i.capa_id = r.id)",
    ),
  ).toBe(0);
  expect(await one("SELECT count(*) FROM mae_alumnos")).toBeGreaterThan(0);
  expect(await one("SELECT count(*) FROM vademecum")).toBeGreaterThan(50);
  expect(await one("SELECT count(*) FROM fichas_onco")).toBeGreaterThan(0);
  // sequences continue after the explicit ids
  const d = await getDriver();
  if (d.kind === "pglite") {
    const r = await d.pglite.query<{ id: number }>(
      "INSERT INTO tramites (tipo_documento, nrotramite, anio) VALUES ('NOTA', 1, 2025) RETURNING id",
    );
    expect(r.rows[0].id).toBe(counts.tramites + 1);
    await d.pglite.query("DELETE FROM tramites WHERE id = $1", [r.rows[0].id]);
  }
});

test("determinism: the same seed gives the same data, another seed different data", async () => {
  const first = await checksums();
  const driver = await getDriver();
  const w = new Writer(driver);
  await truncateDomain(w);
  await seedDomain(await getDb(), driver, { scale: "demo", seed: 1, today: TODAY });
  expect(await checksums()).toEqual(first);
  await truncateDomain(w);
  await seedDomain(await getDb(), driver, { scale: "demo", seed: 2, today: TODAY });
  const other = await checksums();
  expect(other.afiliados).not.toBe(first.afiliados);
  expect(other.autorizaciones).not.toBe(first.autorizaciones);
});
