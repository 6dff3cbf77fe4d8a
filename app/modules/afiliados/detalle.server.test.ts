// Member detail on the seeded demo data: member, address, family group, coverages, notes, contributions
// (active vs retiree), latest authorisations, the audit row of every view, and the certificate's HTML.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { useTestDatabase, type TestDb, sqlRows } from "~tests/support/db";
import { constanciaData, constanciaHtml } from "./constancia.server";
import {
  aportesOfMember,
  getAfiliado,
  getMemberDetail,
  latestAutorizaciones,
  listAportes,
  listNotas,
  memberOfUrl,
  MEMBER_NOT_FOUND,
  recordMemberView,
} from "./detalle.server";
import { recordConsumoView } from "./consumo.server";
import { recordAutorizacionesView } from "./autorizaciones.server";
import { MSG_IDAFI_INVALIDO } from "~/lib/input";
import { coverageStatus, cuilDigits, isRetiree } from "./rules";

const TODAY = "2025-06-15";
let t: TestDb;

const one = async (text: string, params: unknown[] = []) =>
  Number(Object.values((await sqlRows<Record<string, unknown>>(text, params))[0])[0]);

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, today: TODAY, log: () => {} });
});
afterAll(async () => {
  await t?.cleanup();
});

describe("getMemberDetail", () => {
  test("a holder with family: member fields, address, whole family group, coverages", async () => {
    const [g] = await sqlRows<{ idafi: number; gid: number; n: number }>(
      `SELECT min(idafi) FILTER (WHERE nroparentesco = '00') AS idafi, grupo_familiar_id AS gid, count(*)::int AS n
       FROM afiliados GROUP BY grupo_familiar_id HAVING count(*) >= 3 ORDER BY grupo_familiar_id LIMIT 1`,
    );
    const d = await getMemberDetail(g.idafi);
    expect(d).not.toBeNull();
    expect(Object.keys(d!.afiliado).sort()).toEqual(
      [
        "idafi",
        "apeynom",
        "numdoc",
        "nroafi",
        "cuil_prefijo",
        "cuil_nrocentral",
        "cuil_dtoverific",
        "grupo",
        "nromedio",
        "nroparentesco",
        "descparentesco",
        "baperfenac",
        "sexocodigo",
        "escivilcod",
        "estcivil",
        "fechalta",
        "fechbaja",
        "fechvto",
        "motbaja",
        "aficategoria",
        "descclasificacion",
        "plan",
        "tipoconvenio",
      ].sort(),
    );
    expect(d!.afiliado.descparentesco).toBe("TITULAR");
    expect(d!.domicilio?.provincia).toBe("CATAMARCA");
    expect(d!.familiares).toHaveLength(g.n);
    expect(d!.familiares[0]).toMatchObject({ idafi: g.idafi, familiar: "00", descparentesco: "TITULAR" });
    expect(Object.keys(d!.familiares[0]).sort()).toEqual([
      "apeynom",
      "descparentesco",
      "familiar",
      "fechbaja",
      "idafi",
      "numdoc",
    ]);
    const family = await sqlRows<{ idafi: number }>("SELECT idafi FROM afiliados WHERE grupo_familiar_id = $1", [
      g.gid,
    ]);
    expect(d!.familiares.map((f) => f.idafi).sort((a, b) => a - b)).toEqual(
      family.map((f) => f.idafi).sort((a, b) => a - b),
    );
    const enrolments = await one("SELECT count(*) FROM enrolamientos WHERE idafi = $1", [g.idafi]);
    expect(d!.planes).toHaveLength(enrolments);
  });

  test("coverages carry their names and get ACTIVA / INACTIVA by the rule", async () => {
    const [m] = await sqlRows<{ idafi: number }>(
      `SELECT e.idafi FROM enrolamientos e JOIN afiliados a USING (idafi) WHERE a.fechbaja = '0001-01-01'
       GROUP BY e.idafi HAVING bool_or(e.enprfecbaj = '0001-01-01') AND bool_or(e.enprfecbaj <> '0001-01-01' AND e.enprfecbaj < $1)
       ORDER BY e.idafi LIMIT 1`,
      [TODAY],
    );
    expect(m).toBeDefined();
    const d = (await getMemberDetail(m.idafi))!;
    expect(d.planes.every((p) => p.gravdesgra.length > 0)).toBe(true);
    const states = d.planes.map((p) =>
      coverageStatus({ fechbaja: d.afiliado.fechbaja, enprfecbaj: p.enprfecbaj }, TODAY),
    );
    expect(states).toContain("ACTIVA");
    expect(states).toContain("INACTIVA");
  });

  test("unknown member → null", async () => {
    expect(await getMemberDetail(99_999_999)).toBeNull();
    expect(await getAfiliado(99_999_999)).toBeNull();
  });
});

describe("notes and contributions", () => {
  test("notes newest first, with the spec's fields", async () => {
    const [m] = await sqlRows<{ idafi: number; n: number }>(
      "SELECT idafi, count(*)::int AS n FROM notas GROUP BY idafi HAVING count(*) >= 2 ORDER BY idafi LIMIT 1",
    );
    const notas = await listNotas(m.idafi);
    expect(notas).toHaveLength(m.n);
    expect(Object.keys(notas[0]).sort()).toEqual(["descripcion_cambio", "fecha_cambio", "nombre_usuario"]);
    expect([...notas].sort((a, b) => b.fecha_cambio.localeCompare(a.fecha_cambio))).toEqual(notas);
  });

  test("retiree vs active contributions by the member's group", async () => {
    const [ret] = await sqlRows<{ idafi: number }>(
      "SELECT DISTINCT a.idafi FROM aportes a WHERE a.jubilado ORDER BY 1 LIMIT 1",
    );
    const [act] = await sqlRows<{ idafi: number }>(
      "SELECT DISTINCT a.idafi FROM aportes a WHERE NOT a.jubilado ORDER BY 1 LIMIT 1",
    );
    const retiree = (await getAfiliado(ret.idafi))!;
    const active = (await getAfiliado(act.idafi))!;
    expect(isRetiree(retiree.grupo)).toBe(true);
    expect(isRetiree(active.grupo)).toBe(false);
    const ra = await aportesOfMember(retiree);
    const aa = await aportesOfMember(active);
    expect(ra.length).toBeGreaterThan(0);
    expect(aa.length).toBeGreaterThan(0);
    expect(ra.every((r) => r.nro_beneficio_jub && r.suma_beneficios && r.concepto && r.rem_imponible === null)).toBe(
      true,
    );
    expect(aa.every((r) => r.rem_imponible && r.aporte_patronal && r.nro_beneficio_jub === null)).toBe(true);
    expect(ra.every((r) => r.cuit === cuilDigits(retiree))).toBe(true);
    const asc = await listAportes(cuilDigits(active)!, "ASC");
    expect(asc.map((r) => r.fecha)).toEqual([...aa].reverse().map((r) => r.fecha));
    expect(aa[0].fecha >= aa[aa.length - 1].fecha).toBe(true);
  });

  // Issue 10: a valid CUIL whose check digit is 0 (demo member 14: 20-42850027-0) read as "not registered".
  test("a member whose CUIL check digit is 0 has contributions and the certificate prints the CUIL", async () => {
    const [m] = await sqlRows<{ idafi: number }>(
      "SELECT idafi FROM afiliados WHERE cuil_dtoverific = '0' AND EXISTS (SELECT 1 FROM aportes p WHERE p.cuit = cuil_prefijo || cuil_nrocentral || cuil_dtoverific) ORDER BY idafi LIMIT 1",
    );
    expect(m, "a demo member with check digit 0 and contributions").toBeTruthy();
    const a = (await getAfiliado(m.idafi))!;
    const digits = `${a.cuil_prefijo}${a.cuil_nrocentral}0`;
    expect(cuilDigits(a)).toBe(digits);
    const aportes = await aportesOfMember(a);
    expect(aportes.length).toBeGreaterThan(0);
    expect(aportes.every((r) => r.cuit === digits)).toBe(true);
    const data = constanciaData(a, new Date("2025-06-15T12:00:00Z"));
    expect(data.cuil).toBe(`${a.cuil_prefijo}-${a.cuil_nrocentral}-0`);
    expect(constanciaHtml(data)).not.toContain("NO REGISTRADO");
  });

  test("a member without CUIL has no contributions", async () => {
    const [m] = await sqlRows<{ idafi: number }>(
      "SELECT idafi FROM afiliados WHERE cuil_prefijo IS NULL ORDER BY idafi LIMIT 1",
    );
    expect(await aportesOfMember((await getAfiliado(m.idafi))!)).toEqual([]);
  });

  test("latest authorisations: at most 50, that member only, newest first", async () => {
    const [m] = await sqlRows<{ idafi: number; n: number }>(
      // voided authorisations are never listed: count the others (ties broken by idafi, the same on every driver)
      "SELECT idafi, count(*)::int AS n FROM autorizaciones WHERE anulado IS NOT TRUE AND idafi IS NOT NULL GROUP BY idafi ORDER BY 2 DESC, 1 LIMIT 1",
    );
    const list = await latestAutorizaciones(m.idafi, 50);
    expect(list.length).toBe(Math.min(50, m.n));
    expect([...list].sort((a, b) => b.fecha.localeCompare(a.fecha))).toEqual(list);
    expect(new Set(list.map((a) => a.nroafiliado)).size).toBe(1);
  });
});

describe("audit and certificate", () => {
  test("every view writes an audit row (afiliado.ver, entidad afiliado, the tab)", async () => {
    const before = await one("SELECT count(*) FROM audit_log WHERE accion = 'afiliado.ver'");
    await recordMemberView({ id: 1, usuario: "admin" }, 42, { tab: "notas" });
    const [row] = await sqlRows<{ usuario: string; entidad: string; entidad_id: string; detalle: unknown }>(
      "SELECT usuario, entidad, entidad_id, detalle FROM audit_log WHERE accion = 'afiliado.ver' ORDER BY id DESC LIMIT 1",
    );
    expect(await one("SELECT count(*) FROM audit_log WHERE accion = 'afiliado.ver'")).toBe(before + 1);
    expect(row).toMatchObject({ usuario: "admin", entidad: "afiliado", entidad_id: "42", detalle: { tab: "notas" } });
  });

  test("the module's audit functions: a read that names no known member records no entity", async () => {
    const last = async () =>
      (
        await sqlRows<{ entidad: string | null; entidad_id: string | null; detalle: Record<string, unknown> }>(
          "SELECT entidad, entidad_id, detalle FROM audit_log WHERE accion = 'afiliado.ver' ORDER BY id DESC LIMIT 1",
        )
      )[0];
    const admin = { id: 1, usuario: "admin" };
    const [m] = await sqlRows<{ idafi: number; numdoc: string }>("SELECT idafi, numdoc FROM afiliados LIMIT 1");
    await recordConsumoView(admin, { dni: m.numdoc, fecha_desde: "2025-01-01" });
    expect(await last()).toMatchObject({
      entidad: "afiliado",
      entidad_id: String(m.idafi),
      detalle: { tab: "consumo-medicamentos", fecha_desde: "2025-01-01" },
    });
    await recordConsumoView(admin, { dni: "00000001" });
    expect(await last()).toMatchObject({ entidad: null, entidad_id: null, detalle: { tab: "consumo-medicamentos" } });
    await recordAutorizacionesView(admin, { consultaGlobal: true, cobertura: "TODAS" }, 7);
    expect(await last()).toMatchObject({
      entidad: null,
      detalle: { tab: "autorizaciones", consultaGlobal: true, filas: 7 },
    });
  });

  test("memberOfUrl: 400 for a malformed id, 404 for an unknown member", async () => {
    const [m] = await sqlRows<{ idafi: number }>("SELECT idafi FROM afiliados LIMIT 1");
    expect(await memberOfUrl(String(m.idafi))).toMatchObject({ ok: true, afiliado: { idafi: m.idafi } });
    expect(await memberOfUrl("abc")).toEqual({ ok: false, status: 400, msg: MSG_IDAFI_INVALIDO });
    expect(await memberOfUrl(undefined)).toEqual({ ok: false, status: 400, msg: MSG_IDAFI_INVALIDO });
    expect(await memberOfUrl("99999999")).toEqual({ ok: false, status: 404, msg: MEMBER_NOT_FOUND });
  });

  test("the certificate HTML holds the member, status and issue date/time (es-AR, Catamarca)", async () => {
    const [m] = await sqlRows<{ idafi: number }>(
      "SELECT idafi FROM afiliados WHERE fechbaja <> '0001-01-01' AND cuil_prefijo IS NOT NULL ORDER BY idafi LIMIT 1",
    );
    const a = (await getAfiliado(m.idafi))!;
    const data = constanciaData(a, new Date("2025-06-15T23:30:00Z"));
    expect(data).toMatchObject({ apeynom: a.apeynom, estado: "INACTIVO", fecha: "15/06/2025", hora: "20:30" });
    const html = constanciaHtml(data);
    for (const text of [
      a.apeynom,
      a.numdoc,
      a.nroafi,
      "INACTIVO",
      "OSEP",
      "Catamarca",
      "válida a la fecha de emisión: 15/06/2025 a las 20:30 hs",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(`${data.cuil}`);
    expect(html).not.toMatch(/(src|href)=["']https?:/);
  });
});
