// Oncology cases on the seeded demo data: create (sequence number, status, drug rows, audit), update with the
// version check (and without it, decision 027), drug change and readmission (source closed), delete, the
// all-or-nothing save, and the member and drug rules of decision 027. The search: fichas.search.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TestDb, sqlOne, sqlRows } from "~tests/support/db";
import type { SessionUser } from "~/auth/sessions.server";
import { staleVersion } from "~db/version";
import { createdFicha, fichaAudits, fichaInput, useFichaDatabase } from "~tests/support/ficha-fixture";
import {
  createFicha,
  FICHA_MSG,
  fichasByDni,
  getFicha,
  inactivarFicha,
  searchFichas,
  updateFicha,
  type FichaDetail,
} from "./fichas.server";
import { FichaFilterSchema, type FichaInput } from "./fichas.schema";
import { MSG_DROGA_CAMBIO } from "./rules";

let t: TestDb;
let by: SessionUser;
const filter = (o: Record<string, unknown> = {}) => FichaFilterSchema.parse(o);
const audits = fichaAudits;
const created = (input: FichaInput, mode?: "new" | "change_of_drogs" | "reingreso", sourceId?: number) =>
  createdFicha(by, input, mode, sourceId);

beforeAll(async () => {
  // The DNIs of these tests, as members of the padrón (every save checks it).
  ({ t, by } = await useFichaDatabase([
    "30111222",
    "39999999",
    ...Array.from({ length: 15 }, (_, i) => `300000${String(i + 1).padStart(2, "0")}`),
    ...[1, 2, 3, 4, 5].map((i) => `3100000${i}`),
  ]));
});
afterAll(async () => {
  await t?.cleanup();
});

describe("create", () => {
  test("nro_ficha from the sequence (past the seeded ones, unique), INGRESO, drug rows, audit", async () => {
    const maxSeed = await sqlOne("SELECT max(nro_ficha) FROM fichas_onco");
    const r = await createFicha(fichaInput({ afi_dni: "30000001" }), "new", by);
    expect(r.ok && r.msg).toBe(FICHA_MSG.CREATED);
    const f = (r as { ficha: FichaDetail }).ficha;
    expect(f.nro_ficha).toBe(maxSeed + 1);
    expect(f).toMatchObject({
      estado_ficha: "INGRESO",
      editable: true,
      activo: true,
      version: 1,
      afi_dni: "30000001",
      peso: 70,
      talla: 170,
      sup_corporal: 1.82,
    });
    expect(f.organo).toEqual({ id: 1, descripcion: expect.any(String) });
    expect(f.monodrogas.map((d) => [d.droga, d.dosis_dia, d.dosis_total, d.frecuencia])).toEqual([
      ["DOXORRUBICINA", 109.2, 109.2, 21],
      ["CICLOFOSFAMIDA", 1092, 1092, 21],
    ]);
    // an unchecked treatment drops its date and text; empty optional fields are null
    expect([f.cirugia, f.fecha_cirugia, f.tipo_cirugia]).toEqual([false, null, null]);
    expect([f.quimioterapia, f.fecha_quimioterapia, f.esquema_quimioterapia]).toEqual([true, "2024-04-01", "AC-T"]);
    expect(f.observacion).toBeNull();
    expect(await audits("ficha.crear", f.id)).toBe(1);
    expect(await getFicha(f.id)).toEqual(f);
  });

  test("concurrent creations get distinct numbers", async () => {
    const rs = await Promise.all([1, 2, 3, 4, 5].map((i) => created(fichaInput({ afi_dni: `3100000${i}` }))));
    expect(new Set(rs.map((f) => f.nro_ficha)).size).toBe(5);
  });

  test("all or nothing: a drug row the database rejects leaves no ficha, no rows, no audit", async () => {
    const before = await sqlOne("SELECT count(*) FROM fichas_onco");
    const rowsBefore = await sqlOne("SELECT count(*) FROM fichas_onco_monodrogas");
    const auditBefore = await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'ficha.crear'");
    const input = fichaInput({ afi_dni: "39999999" });
    // past the schema on purpose: smallint overflow in the second row, after the ficha itself was inserted
    (input.monodrogas[1] as { frecuencia: number }).frecuencia = 70_000;
    await expect(createFicha(input, "new", by)).rejects.toThrow();
    expect(await sqlOne("SELECT count(*) FROM fichas_onco")).toBe(before);
    expect(await sqlOne("SELECT count(*) FROM fichas_onco WHERE afi_dni = '39999999'")).toBe(0);
    expect(await sqlOne("SELECT count(*) FROM fichas_onco_monodrogas")).toBe(rowsBefore);
    expect(await sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'ficha.crear'")).toBe(auditBefore);
  });
});

describe("update", () => {
  test("version bump, fields changed, drug rows replaced, audit", async () => {
    const f = await created(fichaInput({ afi_dni: "30000002" }));
    const oldRowIds = f.monodrogas.map((d) => d.id);
    const r = await updateFicha(
      fichaInput({
        id: f.id,
        version: 1,
        afi_dni: "30000002",
        observacion: "CONTROL",
        peso: 68.5,
        monodrogas: [
          {
            droga: "PACLITAXEL",
            mgrs_protocolo: 80,
            cantidad: 7,
            dosis_dia: 145.6,
            presentacion: "Ampolla",
            presentacion_cantidad: 1,
            ciclos: 12,
            frecuencia: 7,
          },
        ],
      }),
      by,
    );
    expect(r.ok && r.msg).toBe(FICHA_MSG.UPDATED);
    const g = (r as { ficha: FichaDetail }).ficha;
    expect(g).toMatchObject({
      id: f.id,
      nro_ficha: f.nro_ficha,
      version: 2,
      estado_ficha: "INGRESO",
      observacion: "CONTROL",
      peso: 68.5,
    });
    expect(g.monodrogas).toHaveLength(1);
    expect(g.monodrogas[0]).toMatchObject({ droga: "PACLITAXEL", dosis_total: 1019.2 });
    expect(oldRowIds).not.toContain(g.monodrogas[0].id);
    expect(await sqlOne("SELECT count(*) FROM fichas_onco_monodrogas WHERE ficha_id = $1", [f.id])).toBe(1);
    expect(await audits("ficha.modificar", f.id)).toBe(1);
    // clearing an optional field on update stores null
    const h = await updateFicha(fichaInput({ id: f.id, version: 2, afi_dni: "30000002" }), by);
    expect(h.ok && h.ficha.observacion).toBeNull();
  });

  test("stale version → 409 and nothing changes", async () => {
    const f = await created(fichaInput({ afi_dni: "30000003" }));
    expect(
      (await updateFicha(fichaInput({ id: f.id, version: 1, afi_dni: "30000003", observacion: "PRIMERO" }), by)).ok,
    ).toBe(true);
    const stale = await updateFicha(
      fichaInput({
        id: f.id,
        version: 1,
        afi_dni: "30000003",
        observacion: "SEGUNDO",
        monodrogas: [fichaInput().monodrogas[0]],
      }),
      by,
    );
    expect(stale).toEqual(staleVersion());
    const now = (await getFicha(f.id))!;
    expect(now.version).toBe(2);
    expect(now.observacion).toBe("PRIMERO");
    expect(now.monodrogas).toHaveLength(2);
    expect(await audits("ficha.modificar", f.id)).toBe(1);
  });

  test("unknown id → 404; missing id → 422", async () => {
    expect(await updateFicha(fichaInput({ id: 999_999, version: 1 }), by)).toMatchObject({
      ok: false,
      status: 404,
      msg: FICHA_MSG.NOT_FOUND,
    });
    expect(await updateFicha(fichaInput(), by)).toEqual({
      ok: false,
      status: 422,
      msg: FICHA_MSG.ID_REQUIRED,
      errors: [{ param: "id", msg: FICHA_MSG.ID_REQUIRED }],
      code: "invalid",
    });
    expect(await updateFicha(fichaInput({ id: 999_999 }), by)).toMatchObject({ status: 404 });
  });

  test("without a version: saved over whatever version is stored (last write wins), audited as such", async () => {
    const f = await created(fichaInput({ afi_dni: "30000012" }));
    expect((await updateFicha(fichaInput({ id: f.id, version: 1, afi_dni: "30000012" }), by)).ok).toBe(true);
    const r = await updateFicha(fichaInput({ id: f.id, afi_dni: "30000012", observacion: "SIN VERSION" }), by);
    expect(r).toMatchObject({ ok: true, msg: FICHA_MSG.UPDATED, ficha: { version: 3, observacion: "SIN VERSION" } });
    const [entry] = await sqlRows<{ detalle: Record<string, unknown> }>(
      "SELECT detalle FROM audit_log WHERE accion = 'ficha.modificar' AND entidad_id = $1 ORDER BY id DESC LIMIT 1",
      [String(f.id)],
    );
    expect(entry.detalle).toMatchObject({ version: 3, sin_control_de_version: true });
    // with a version the check still holds, and a checked save says nothing about it
    expect(await updateFicha(fichaInput({ id: f.id, version: 2, afi_dni: "30000012" }), by)).toEqual(staleVersion());
    // a deleted or superseded case is still refused without a version
    expect(await inactivarFicha(f.id, by)).toEqual({ ok: true });
    expect(await updateFicha(fichaInput({ id: f.id, afi_dni: "30000012" }), by)).toMatchObject({ status: 404 });
  });
});

describe("drug change and readmission", () => {
  test.each([
    ["change_of_drogs", "CAMBIO_MEDICAMENTO", "30000004"],
    ["reingreso", "REINGRESO", "30000005"],
  ] as const)("%s: a new ficha with %s, the source is no longer editable", async (mode, estado, dni) => {
    const src = await created(fichaInput({ afi_dni: dni }));
    const f = await created(fichaInput({ afi_dni: dni }), mode, src.id);
    expect(f.id).not.toBe(src.id);
    expect(f.nro_ficha).toBeGreaterThan(src.nro_ficha);
    expect(f).toMatchObject({ estado_ficha: estado, editable: true, version: 1 });
    expect(await getFicha(src.id)).toMatchObject({
      editable: false,
      activo: true,
      version: 2,
      estado_ficha: "INGRESO",
    });
    // the closed source can be neither modified, deleted nor used again
    expect(await updateFicha(fichaInput({ id: src.id, version: 2, afi_dni: dni }), by)).toMatchObject({
      status: 409,
      msg: FICHA_MSG.NOT_EDITABLE,
    });
    expect(await inactivarFicha(src.id, by)).toEqual({
      ok: false,
      status: 409,
      msg: FICHA_MSG.NOT_EDITABLE,
      code: "conflict",
    });
    const again = await createFicha(fichaInput({ afi_dni: dni }), mode, by, src.id);
    expect(again).toMatchObject({ ok: false, status: 409, msg: FICHA_MSG.SOURCE_NOT_EDITABLE });
    expect(await audits("ficha.crear", f.id)).toBe(1);
  });

  test("source of another member → 422, unknown source → 404; nothing saved", async () => {
    const src = await created(fichaInput({ afi_dni: "30000006" }));
    const n = await sqlOne("SELECT count(*) FROM fichas_onco");
    expect(await createFicha(fichaInput({ afi_dni: "30000007" }), "reingreso", by, src.id)).toMatchObject({
      ok: false,
      status: 422,
      errors: [{ param: "afi_dni" }],
    });
    expect(await createFicha(fichaInput({ afi_dni: "30000007" }), "reingreso", by, 999_999)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await sqlOne("SELECT count(*) FROM fichas_onco")).toBe(n);
    expect((await getFicha(src.id))!.editable).toBe(true);
  });

  test("an unknown organ → 422 on organoId (no foreign-key 500), nothing saved", async () => {
    const n = await sqlOne("SELECT count(*) FROM fichas_onco");
    expect(await createFicha(fichaInput({ organoId: 99_999 }), "new", by)).toEqual({
      ok: false,
      status: 422,
      msg: FICHA_MSG.ORGANO_NOT_FOUND,
      errors: [{ param: "organoId", msg: FICHA_MSG.ORGANO_NOT_FOUND }],
      code: "invalid",
    });
    expect(await sqlOne("SELECT count(*) FROM fichas_onco")).toBe(n);
  });
});

describe("members and drugs (decision 027)", () => {
  test("a DNI that is no member's → 422 on afi_dni, on create and update; nothing saved", async () => {
    const n = await sqlOne("SELECT count(*) FROM fichas_onco");
    const refused = {
      ok: false,
      status: 422,
      msg: FICHA_MSG.AFILIADO_NO_EXISTE,
      errors: [{ param: "afi_dni", msg: FICHA_MSG.AFILIADO_NO_EXISTE }],
      code: "invalid",
    };
    expect(await createFicha(fichaInput({ afi_dni: "1234567" }), "new", by)).toEqual(refused);
    expect(await sqlOne("SELECT count(*) FROM fichas_onco")).toBe(n);
    const f = await created(fichaInput({ afi_dni: "30000013" }));
    expect(await updateFicha(fichaInput({ id: f.id, version: 1, afi_dni: "1234567" }), by)).toEqual(refused);
    expect(await getFicha(f.id)).toMatchObject({ afi_dni: "30000013", version: 1 });
  });

  test("no drugs: a new case and a readmission are saved without rows; a drug change needs one", async () => {
    const f = await created(fichaInput({ afi_dni: "30000014", monodrogas: [] }));
    expect(f).toMatchObject({ estado_ficha: "INGRESO", monodrogas: [] });
    expect(await sqlOne("SELECT count(*) FROM fichas_onco_monodrogas WHERE ficha_id = $1", [f.id])).toBe(0);
    const none = await createFicha(fichaInput({ afi_dni: "30000014", monodrogas: [] }), "change_of_drogs", by, f.id);
    expect(none).toEqual({
      ok: false,
      status: 422,
      msg: MSG_DROGA_CAMBIO,
      errors: [{ param: "monodrogas", msg: MSG_DROGA_CAMBIO }],
      code: "invalid",
    });
    expect((await getFicha(f.id))!.editable).toBe(true); // the source is untouched
    const cm = await created(fichaInput({ afi_dni: "30000014" }), "change_of_drogs", f.id);
    // a drug change keeps its drugs on update too
    expect(
      await updateFicha(fichaInput({ id: cm.id, version: 1, afi_dni: "30000014", monodrogas: [] }), by),
    ).toMatchObject({ ok: false, status: 422, msg: MSG_DROGA_CAMBIO });
    expect((await getFicha(cm.id))!.monodrogas).toHaveLength(2);
    const ri = await created(fichaInput({ afi_dni: "30000014", monodrogas: [] }), "reingreso", cm.id);
    expect(ri).toMatchObject({ estado_ficha: "REINGRESO", monodrogas: [] });
  });
});

describe("delete", () => {
  test("inactive, audited, gone from the searches; a second delete is 404", async () => {
    const f = await created(fichaInput({ afi_dni: "30000008" }));
    expect((await searchFichas(filter({ afi_dni: "30000008" }))).map((r) => r.id)).toEqual([f.id]);
    expect(await inactivarFicha(f.id, by)).toEqual({ ok: true });
    expect(await getFicha(f.id)).toMatchObject({ activo: false });
    expect(await searchFichas(filter({ afi_dni: "30000008" }))).toEqual([]);
    expect(await fichasByDni("30000008")).toEqual([]);
    expect(await audits("ficha.eliminar", f.id)).toBe(1);
    expect(await inactivarFicha(f.id, by)).toEqual({
      ok: false,
      status: 404,
      msg: FICHA_MSG.NOT_FOUND,
      code: "not-found",
    });
    expect(await updateFicha(fichaInput({ id: f.id, version: 2, afi_dni: "30000008" }), by)).toMatchObject({
      status: 404,
    });
  });
});
