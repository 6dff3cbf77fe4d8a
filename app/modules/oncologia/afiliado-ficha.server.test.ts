// 'Buscar' by DNI on the ficha form and the organ / drug / doctor lookups, on the seeded demo data.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase, type TestDb, sqlOne, sqlRows } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { afiliadoParaFicha } from "./afiliado-ficha.server";
import { estadoCivilText, matchOption, parentescoText, sexoText } from "./afiliado-text";
import { listMedicos, listMonodrogas, listOrganos } from "./catalogos.server";
import { DEPARTAMENTOS_CATAMARCA } from "./rules";
import { FichaSchema } from "./fichas.schema";

let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, log: () => {} });
});
afterAll(async () => {
  await t?.cleanup();
});

describe("afiliadoParaFicha", () => {
  test("the member's afi_* fields from afiliados + domicilios, in readable text", async () => {
    const [m] = await sqlRows<Record<string, string>>(
      `SELECT a.idafi, a.numdoc, a.nroafi, a.apeynom, a.sexocodigo, a.estcivil, a.descparentesco, d.bedomcalle, d.bedomnumer,
              d.localidad, d.departamento, d.telefono, d.telcelular, d.email
         FROM afiliados a JOIN domicilios d ON d.idafi = a.idafi
        WHERE d.email IS NOT NULL AND d.telcelular IS NOT NULL AND d.departamento = 'FRAY MAMERTO ESQUIÚ'
          AND (SELECT count(*) FROM afiliados b WHERE b.numdoc = a.numdoc) = 1
        ORDER BY a.idafi LIMIT 1`,
    );
    const a = await afiliadoParaFicha(m.numdoc);
    expect(a).toEqual({
      afi_dni: m.numdoc,
      afi_nro_afi: m.nroafi,
      afi_parentesco: m.descparentesco,
      afi_sexo: m.sexocodigo === "F" ? "FEMENINO" : "MASCULINO",
      afi_nombre: m.apeynom,
      afi_estado_civil: m.estcivil,
      afi_domicilio: `${m.bedomcalle} ${m.bedomnumer}`,
      afi_localidad: m.localidad,
      afi_departamento: "Fray Mamerto Esquiú",
      afi_provincia: "Catamarca",
      afi_telefono: m.telefono ?? "",
      afi_celular: m.telcelular,
      afi_email: m.email,
    });
    // what it returns fills the member part of the form validly
    const parsed = FichaSchema.shape.afi_email.safeParse(a!.afi_email);
    expect(parsed.success).toBe(true);
    expect(DEPARTAMENTOS_CATAMARCA).toContain(a!.afi_departamento);
  });

  test("unknown, malformed or hostile DNI → null", async () => {
    expect(await afiliadoParaFicha("1")).toBeNull();
    expect(await afiliadoParaFicha("")).toBeNull();
    expect(await afiliadoParaFicha("12a45678")).toBeNull();
    expect(await afiliadoParaFicha("' OR 1=1 --")).toBeNull();
    expect(await afiliadoParaFicha("9".repeat(10_000))).toBeNull();
  });

  test("a DNI held by a member who left and by an active one: the active one", async () => {
    const [m] = await sqlRows<{ idafi: number; numdoc: string }>(
      "SELECT idafi, numdoc FROM afiliados WHERE fechbaja = '0001-01-01' ORDER BY idafi LIMIT 1",
    );
    const dup = `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, fechbaja)
      VALUES ('DADO DE BAJA', '${m.numdoc}', '999', '10', '1', '00', 'TITULAR', '2020-01-01')`;
    const d = await getDriver();
    if (d.kind === "pg") await d.pool.query(dup);
    else await d.pglite.exec(dup);
    expect(await sqlOne("SELECT count(*) FROM afiliados WHERE numdoc = $1", [m.numdoc])).toBe(2);
    expect((await afiliadoParaFicha(m.numdoc))!.afi_nombre).not.toBe("DADO DE BAJA");
  });
});

describe("readable texts", () => {
  test.each([
    ["M", "MASCULINO"],
    ["f", "FEMENINO"],
    [" F ", "FEMENINO"],
    ["FEMENINO", "FEMENINO"],
    [null, ""],
    ["", ""],
  ])("sexoText(%j) = %j", (v, out) => expect(sexoText(v)).toBe(out));
  test.each([
    ["SOLTERO/A", null, "SOLTERO/A"],
    [null, "C", "CASADO/A"],
    ["", "u", "UNION CONVIVENCIAL"],
    ["V", null, "VIUDO/A"],
    [null, null, ""],
    ["casado/a", "C", "CASADO/A"],
  ])("estadoCivilText(%j, %j) = %j", (v, c, out) => expect(estadoCivilText(v, c)).toBe(out));
  test.each([
    ["HIJO/A", "02", "HIJO/A"],
    [null, "00", "TITULAR"],
    ["", "03", ""],
    [" conyuge ", null, "CONYUGE"],
  ])("parentescoText(%j, %j) = %j", (v, n, out) => expect(parentescoText(v, n)).toBe(out));
  test.each([
    ["CAPITAL", "Capital"],
    ["VALLE VIEJO", "Valle Viejo"],
    ["paclin", "Paclín"],
    ["OTRO", "OTRO"],
    [null, ""],
  ])("matchOption(%j) = %j", (v, out) => expect(matchOption(v, DEPARTAMENTOS_CATAMARCA)).toBe(out));
});

test("lookups: organs, drugs and doctors in alphabetical order with their keys", async () => {
  const [o, d, m] = await Promise.all([listOrganos(), listMonodrogas(), listMedicos()]);
  expect(o.length).toBe(await sqlOne("SELECT count(*) FROM organos"));
  expect(d.length).toBe(await sqlOne("SELECT count(*) FROM monodrogas"));
  expect(m.length).toBe(await sqlOne("SELECT count(*) FROM medicos"));
  expect(o.length * d.length * m.length).toBeGreaterThan(0);
  expect(Object.keys(o[0]).sort()).toEqual(["descripcion", "id"]);
  expect(Object.keys(d[0]).sort()).toEqual(["descripcion", "id"]);
  expect(Object.keys(m[0]).sort()).toEqual(["apeynom", "id"]);
  const sorted = (xs: string[]) => [...xs].sort((a, b) => a.localeCompare(b));
  expect(o.map((x) => x.descripcion)).toEqual(sorted(o.map((x) => x.descripcion)));
});
