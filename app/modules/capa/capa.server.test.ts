// The CAPA module on a real database (PGlite, or the Postgres of DATABASE_URL): create with two household members
// (sequence number, today in Catamarca, the member's data from the registry, audit), update replacing the household,
// the member rule and the fixed DNI, paging and the date range, exports, and nothing written on bad input.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "~/auth/sessions.server";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { CapaListSchema, CapaSchema, type CapaInput } from "./capa.schema";
import { afiliadoCapa, createCapa, exportCapa, getCapa, integranteCapa, listCapa, updateCapa } from "./capa.server";
import { CAPA_MSG } from "./rules";
import { addDaysISO } from "~/lib/dates";
import { MSG_VERSION_VIEJA } from "~db/version";

let t: TestDb;
let by: SessionUser;

const NOW = new Date("2025-03-10T15:00:00Z");
/** 2025-03-11 in UTC, still 2025-03-10 (23:30) in Catamarca (UTC-3): the registration date is the insurer's. */
const LATE_NIGHT = new Date("2025-03-11T02:30:00Z");

/** Members of the registry for these tests: a holder and family, one who left, and a newer row of the same DNI. */
async function addMember(dni: string, apeynom: string, born: string | null, extra: Record<string, string> = {}) {
  await sqlRows(
    `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, baperfenac, fechbaja)
     VALUES ($1, $2, $3, '01', $4, $5, $6, $7, $8)`,
    [
      apeynom,
      dni,
      extra.nroafi ?? `01${dni}00`,
      dni,
      extra.nroparentesco ?? "00",
      extra.descparentesco ?? "",
      born,
      extra.fechbaja ?? "0001-01-01",
    ],
  );
}

/** A positive date no other record of these tests has (one record per DNI and positive date, issue 35). */
let positivos = 0;
const otroPositivo = () => addDaysISO("2020-01-01", positivos++);

const input = (over: Record<string, unknown> = {}): CapaInput =>
  CapaSchema.parse({
    afi_dni: "30100100",
    afi_localidad: "VALLE VIEJO",
    fecha_positivo: otroPositivo(),
    afi_telefono: "3834123456",
    ...over,
  });

const audits = (accion: string, id?: number) =>
  sqlOne(
    `SELECT count(*) FROM audit_log WHERE accion = $1 AND entidad = 'capa'${id != null ? " AND entidad_id = $2" : ""}`,
    id != null ? [accion, String(id)] : [accion],
  );

async function created(i: CapaInput, now = NOW) {
  const r = await createCapa(i, by, now);
  if (!r.ok) throw new Error(`${r.status} ${r.msg}`);
  return r.ficha;
}

beforeAll(async () => {
  t = await useTestDatabase();
  await addMember("30100100", "GARCIA ANA", "1980-03-11", { descparentesco: "TITULAR" });
  await addMember("30100101", "GARCIA LUIS", "2010-03-10", { nroparentesco: "02", descparentesco: "HIJO" });
  await addMember("30100102", "PEREZ JUAN", "1950-01-01", { nroparentesco: "01", descparentesco: "CONYUGE" });
  // A member who left, and a newer active row of the same DNI: the active one is chosen.
  await addMember("30100103", "ROMERO VIEJO", "1970-01-01", { fechbaja: "2020-01-01", nroafi: "0130100103AA" });
  await addMember("30100103", "ROMERO ACTIVO", "1970-01-01", { nroafi: "0130100103BB", descparentesco: "" });
  await addMember("30100104", "SOSA BAJA", null, { fechbaja: "2019-05-01" });
  by = await adminActor();
});
afterAll(async () => {
  await t?.cleanup();
});

describe("member lookup", () => {
  test("the member's data by DNI, age on the given date; the active row first; members who left found too", async () => {
    expect(await afiliadoCapa("30100100", "2025-03-10")).toEqual({
      afi_dni: "30100100",
      afi_nombre: "GARCIA ANA",
      afi_nro_afi: "013010010000",
      afi_parentesco: "TITULAR",
      afi_edad: 44,
    });
    expect((await afiliadoCapa("30100100", "2025-03-11"))?.afi_edad).toBe(45);
    expect(await afiliadoCapa("30100103", "2025-03-10")).toMatchObject({
      afi_nombre: "ROMERO ACTIVO",
      afi_nro_afi: "0130100103BB",
      afi_parentesco: "TITULAR", // no description, family number 00
    });
    expect(await afiliadoCapa("30100104")).toMatchObject({ afi_nombre: "SOSA BAJA", afi_edad: null });
  });

  test("no member, or a malformed DNI → null (no query error)", async () => {
    expect(await afiliadoCapa("39999999")).toBeNull();
    expect(await afiliadoCapa("' OR 1=1 --")).toBeNull();
    expect(await integranteCapa("12")).toBeNull();
    expect(await integranteCapa("30100101", "2025-03-10")).toEqual({
      afi_nombre_integrante: "GARCIA LUIS",
      afi_edad_integrante: 15,
    });
  });
});

describe("create", () => {
  test("two household members: sequence number, today in Catamarca, the registry's data, count, audit", async () => {
    const before = await sqlOne("SELECT coalesce(max(nro_registro), 0) FROM capa_registros");
    const f = await created(
      input({
        afi_email: "ana@example.com",
        esquema_vacunacion: "Completo",
        tipo_modulo: "modulo3047",
        nro_autorizacion_sia: "1234567",
        integrantes: [
          // a member: the blank name and age come from the registry
          { afi_dni_integrante: "30100101" },
          // not a member: kept as typed
          { afi_dni_integrante: "45000001", afi_nombre_integrante: "GARCIA SOFIA", afi_edad_integrante: 3 },
        ],
      }),
      LATE_NIGHT,
    );
    expect(f).toMatchObject({
      nro_registro: before + 1,
      fecha_registracion: "2025-03-10",
      afi_dni: "30100100",
      afi_nombre: "GARCIA ANA",
      afi_nro_afi: "013010010000",
      afi_parentesco: "TITULAR",
      afi_edad: 44,
      afi_localidad: "VALLE VIEJO",
      afi_email: "ana@example.com",
      afi_telefono_alternativo: null,
      esquema_vacunacion: "Completo",
      tipo_modulo: "modulo3047",
      nro_autorizacion_sia: "1234567",
      cant_integrantes: 2,
    });
    expect(f).not.toHaveProperty("estado_registro");
    expect(f.integrantes).toEqual([
      { afi_dni_integrante: "30100101", afi_nombre_integrante: "GARCIA LUIS", afi_edad_integrante: 15 },
      { afi_dni_integrante: "45000001", afi_nombre_integrante: "GARCIA SOFIA", afi_edad_integrante: 3 },
    ]);
    expect(await audits("capa.registrar", f.id)).toBe(1);
    const [entry] = await sqlRows<{ usuario: string; detalle: Record<string, unknown> }>(
      "SELECT usuario, detalle FROM audit_log WHERE accion = 'capa.registrar' AND entidad_id = $1",
      [String(f.id)],
    );
    expect(entry).toEqual({
      usuario: "admin",
      detalle: { nro_registro: f.nro_registro, afi_dni: "30100100", integrantes: 2 },
    });
    expect(await getCapa(f.id)).toEqual(f);
  });

  test("numbers are consecutive and unique; the scheme defaults to Incompleto; no household = 0", async () => {
    const a = await created(input({ afi_dni: "30100102" }));
    const b = await created(input({ afi_dni: "30100102" }));
    expect(b.nro_registro).toBe(a.nro_registro + 1);
    expect(a).toMatchObject({ esquema_vacunacion: "Incompleto", cant_integrantes: 0, integrantes: [], afi_edad: 75 });
  });

  test("a DNI of no member → 422 on afi_dni, nothing written", async () => {
    const rows = await sqlOne("SELECT count(*) FROM capa_registros");
    const logs = await audits("capa.registrar");
    const r = await createCapa(
      input({ afi_dni: "39999999", integrantes: [{ afi_dni_integrante: "30100101" }] }),
      by,
      NOW,
    );
    expect(r).toEqual({
      ok: false,
      status: 422,
      msg: CAPA_MSG.AFILIADO_NO_EXISTE,
      errors: [{ param: "afi_dni", msg: CAPA_MSG.AFILIADO_NO_EXISTE }],
      code: "invalid",
    });
    expect(await sqlOne("SELECT count(*) FROM capa_registros")).toBe(rows);
    expect(
      await sqlOne(
        "SELECT count(*) FROM capa_integrantes WHERE afi_dni_integrante = '30100101' AND capa_id > (SELECT max(id) FROM capa_registros)",
      ),
    ).toBe(0);
    expect(await audits("capa.registrar")).toBe(logs);
  });

  test("the positive date is checked against the module's clock too (a direct caller)", async () => {
    const rows = await sqlOne("SELECT count(*) FROM capa_registros");
    const early = new Date("2025-03-05T12:00:00Z");
    const r = await createCapa(input({ fecha_positivo: "2025-03-08" }), by, early);
    expect(r).toMatchObject({ ok: false, status: 422, msg: "La fecha de positivo no puede ser posterior a hoy" });
    expect(await sqlOne("SELECT count(*) FROM capa_registros")).toBe(rows);
  });
});

describe("update", () => {
  test("replaces the household (count follows), keeps the member's data and date, clears emptied fields, audit", async () => {
    const f = await created(
      input({
        afi_email: "ana@example.com",
        tipo_modulo: "modulo3047",
        integrantes: [{ afi_dni_integrante: "30100101" }, { afi_dni_integrante: "45000002" }],
      }),
    );
    const later = new Date("2026-01-15T15:00:00Z");
    const r = await updateCapa(
      input({
        id: f.id,
        afi_localidad: "BELÉN",
        afi_telefono: "3835000000",
        esquema_vacunacion: "Completo",
        integrantes: [{ afi_dni_integrante: "45000003", afi_nombre_integrante: "NUEVO INTEGRANTE" }],
      }),
      by,
      later,
    );
    expect(r.ok && r.msg).toBe(CAPA_MSG.UPDATED);
    const g = (await getCapa(f.id))!;
    expect(g).toMatchObject({
      nro_registro: f.nro_registro,
      fecha_registracion: f.fecha_registracion,
      afi_nombre: "GARCIA ANA",
      afi_edad: f.afi_edad,
      afi_localidad: "BELÉN",
      afi_telefono: "3835000000",
      afi_email: null,
      tipo_modulo: null,
      esquema_vacunacion: "Completo",
      cant_integrantes: 1,
    });
    expect(g.integrantes).toEqual([
      { afi_dni_integrante: "45000003", afi_nombre_integrante: "NUEVO INTEGRANTE", afi_edad_integrante: null },
    ]);
    expect(await sqlOne("SELECT count(*) FROM capa_integrantes WHERE capa_id = $1", [f.id])).toBe(1);
    expect(await audits("capa.modificar", f.id)).toBe(1);
  });

  test("a household member's age from the registry is the age on the registration date", async () => {
    const f = await created(input(), NOW);
    await updateCapa(
      input({ id: f.id, integrantes: [{ afi_dni_integrante: "30100101" }] }),
      by,
      new Date("2026-06-01T12:00:00Z"),
    );
    expect((await getCapa(f.id))!.integrantes[0].afi_edad_integrante).toBe(15);
  });

  test("unknown id → 404; no id → 400; another DNI → 422; nothing changes", async () => {
    const f = await created(input({ integrantes: [{ afi_dni_integrante: "30100101" }] }));
    const logs = await audits("capa.modificar");
    expect(await updateCapa(input({ id: 2_000_000_000 }), by, NOW)).toMatchObject({
      ok: false,
      status: 404,
      msg: CAPA_MSG.NOT_FOUND,
    });
    expect(await updateCapa(input(), by, NOW)).toMatchObject({ ok: false, status: 400, msg: CAPA_MSG.ID_REQUIRED });
    expect(await updateCapa(input({ id: f.id, afi_dni: "30100102", integrantes: [] }), by, NOW)).toMatchObject({
      ok: false,
      status: 422,
      msg: CAPA_MSG.DNI_FIJO,
    });
    expect(await getCapa(f.id)).toEqual(f);
    expect(await audits("capa.modificar")).toBe(logs);
  });

  test("an error half way (a household row the database refuses) rolls the whole update back", async () => {
    const f = await created(input({ integrantes: [{ afi_dni_integrante: "30100101" }] }));
    const bad = input({ id: f.id, afi_localidad: "CAMBIADA" });
    // Past the schema (a direct caller): an age beyond smallint makes the insert fail after the update and delete.
    bad.integrantes = [{ afi_dni_integrante: "45000009", afi_edad_integrante: 70_000 }];
    await expect(updateCapa(bad, by, NOW)).rejects.toThrow();
    expect(await getCapa(f.id)).toEqual(f);
  });
});

describe("stale edits (ADR 047)", () => {
  test("a new record is version 1; every update adds 1 and answers the new version", async () => {
    const f = await created(input());
    expect(f.version).toBe(1);
    const r = await updateCapa(input({ id: f.id, version: 1, afi_localidad: "BELÉN" }), by, NOW);
    expect(r.ok && r.ficha.version).toBe(2);
    expect((await getCapa(f.id))!.version).toBe(2);
  });

  test("two saves of the same version: the first wins, the second is 409 and changes nothing (no audit entry)", async () => {
    const household = [{ afi_dni_integrante: "30100101" }];
    const f = await created(input({ integrantes: household }));
    const first = await updateCapa(
      input({ id: f.id, version: f.version, afi_localidad: "PRIMERO", integrantes: household }),
      by,
      NOW,
    );
    expect(first.ok).toBe(true);
    const after = await getCapa(f.id);
    const logs = await audits("capa.modificar", f.id);
    const second = await updateCapa(
      input({ id: f.id, version: f.version, afi_localidad: "SEGUNDO", integrantes: [] }),
      by,
      NOW,
    );
    expect(second).toMatchObject({ ok: false, status: 409, msg: MSG_VERSION_VIEJA });
    expect(await getCapa(f.id)).toEqual(after);
    expect(after).toMatchObject({ afi_localidad: "PRIMERO", cant_integrantes: 1, version: 2 });
    expect(await audits("capa.modificar", f.id)).toBe(logs);
  });

  test("concurrent saves of the same version: exactly one wins (the database decides)", async () => {
    const f = await created(input());
    const rs = await Promise.all(
      ["UNO", "DOS", "TRES"].map((l) => updateCapa(input({ id: f.id, version: 1, afi_localidad: l }), by, NOW)),
    );
    expect(rs.filter((r) => r.ok)).toHaveLength(1);
    expect(rs.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual([409, 409]);
    expect((await getCapa(f.id))!.version).toBe(2);
  });

  test("without version the save is accepted (last write wins) and still adds 1", async () => {
    const f = await created(input());
    await updateCapa(input({ id: f.id, version: 1, afi_localidad: "A" }), by, NOW);
    const r = await updateCapa(input({ id: f.id, afi_localidad: "SIN VERSION" }), by, NOW);
    expect(r.ok && r.ficha).toMatchObject({ afi_localidad: "SIN VERSION", version: 3 });
  });

  test("an unknown id with a version is still 404", async () => {
    expect(await updateCapa(input({ id: 2_000_000_001, version: 1 }), by, NOW)).toMatchObject({ status: 404 });
  });
});

describe("list and export", () => {
  beforeAll(async () => {
    // 25 records on 2024-06-01 and 2 on 2024-06-02, in a range no other test writes to.
    for (let i = 0; i < 25; i++) await created(input({ afi_dni: "30100102" }), new Date("2024-06-01T15:00:00Z"));
    await created(
      input({
        afi_dni: "30100100",
        integrantes: [
          { afi_dni_integrante: "30100101" },
          { afi_dni_integrante: "45000004" },
          { afi_dni_integrante: "45000005" },
        ],
      }),
      new Date("2024-06-02T15:00:00Z"),
    );
    await created(input({ afi_dni: "30100102" }), new Date("2024-06-02T15:00:00Z"));
  });

  const q = (raw: Record<string, string>) => CapaListSchema.parse(raw);

  test("pages of 20, newest first, with the total and the household", async () => {
    const p0 = await listCapa(q({ fecha_desde: "2024-06-01", fecha_hasta: "2024-06-02" }));
    expect(p0.total_records).toBe(27);
    expect(p0.fichas).toHaveLength(20);
    expect(p0.fichas[0].fecha_registracion).toBe("2024-06-02");
    expect(p0.fichas[1]).toMatchObject({ fecha_registracion: "2024-06-02", cant_integrantes: 3 });
    expect(p0.fichas[1].integrantes.map((i) => i.afi_dni_integrante)).toEqual(["30100101", "45000004", "45000005"]);
    const nros = p0.fichas.map((f) => f.nro_registro);
    expect(nros.slice(2)).toEqual([...nros.slice(2)].sort((a, b) => b - a));
    expect(p0.fichas[0]).not.toHaveProperty("estado_registro");
    const p1 = await listCapa(q({ fecha_desde: "2024-06-01", fecha_hasta: "2024-06-02", page: "1" }));
    expect(p1.fichas).toHaveLength(7);
    expect(new Set([...p0.fichas, ...p1.fichas].map((f) => f.id)).size).toBe(27);
    const p2 = await listCapa(q({ fecha_desde: "2024-06-01", fecha_hasta: "2024-06-02", page: "2" }));
    expect(p2).toEqual({ fichas: [], total_records: 27 });
  });

  test("the date range is inclusive at both ends", async () => {
    expect((await listCapa(q({ fecha_desde: "2024-06-02", fecha_hasta: "2024-06-02" }))).total_records).toBe(2);
    expect((await listCapa(q({ fecha_desde: "2024-06-01", fecha_hasta: "2024-06-01" }))).total_records).toBe(25);
    expect((await listCapa(q({ fecha_desde: "2024-05-01", fecha_hasta: "2024-05-31" }))).total_records).toBe(0);
  });

  test("for_export: every record of the range with estado_registro", async () => {
    const r = await listCapa(q({ fecha_desde: "2024-06-01", fecha_hasta: "2024-06-02", for_export: "true" }));
    expect(r.fichas).toHaveLength(27);
    expect(r.fichas[0]).toMatchObject({ estado_registro: "ACTIVO" });
  });

  test("an export writes its audit entry", async () => {
    const before = await audits("capa.exportar");
    const r = await exportCapa(by, { fecha_desde: "2024-06-01", fecha_hasta: "2024-06-02" }, "xlsx");
    expect(r).toMatchObject({ total_records: 27, limited: false });
    expect(r.fichas).toHaveLength(27);
    expect(await audits("capa.exportar")).toBe(before + 1);
  });

  test("getCapa: an unknown or out-of-range id → null", async () => {
    expect(await getCapa(2_000_000_000)).toBeNull();
    expect(await getCapa(0)).toBeNull();
    expect(await getCapa(99_999_999_999)).toBeNull();
  });
});
