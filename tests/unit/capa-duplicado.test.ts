// Issue 35 item 8: one CAPA record per DNI and positive date. Six identical POST /api/capa-covid (at once) made six
// records; now the database decides (a unique index on afi_dni, fecha_positivo): one 201 and five 409 naming the
// first record's number, nothing else written (no household rows, no audit entry). The same on the module (create,
// and an update moving its positive date onto another record's), on the /regcapa screen's action (the message at
// the positive date and as the dialog's title, everything typed kept) and in migration 0011, which sets aside the
// duplicates written before (estado_registro 'DUPLICADO') so the index can be built, deleting nothing.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession, type SessionUser } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { CapaSchema } from "~/modules/capa/capa.schema";
import { createCapa, getCapa, updateCapa } from "~/modules/capa/capa.server";
import { capaDuplicadaText } from "~/modules/capa/rules";
import { action as capaAction } from "~/routes/api.capa-covid._index";
import { action as regcapaAction } from "~/routes/_app.regcapa._index";
import { apiToken, callApi, postForm, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
let by: SessionUser;
let token = "";
let cookie = "";

const NOW = new Date("2025-03-10T15:00:00Z");
const MIGRATION = resolve(import.meta.dirname, "../../db/migrations/0011_capa_dni_fecha_positivo.sql");

beforeAll(async () => {
  t = await useTestDatabase();
  for (const dni of ["30600100", "30600101", "30600102", "30600103"])
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, baperfenac)
       VALUES ($1, $2, $3, '01', $2, '00', 'TITULAR', '1980-01-01')`,
      [`DUPLICADO PRUEBA ${dni}`, dni, `01${dni}00`],
    );
  by = await adminActor();
  token = await apiToken(t, "admin");
  const [admin] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
  cookie = await requestContext.run(TEST_REQUEST_CONTEXT, async () =>
    setSessionCookie(await createSession(admin.id, "cookie")),
  );
});
afterAll(async () => {
  await t?.cleanup();
});

const input = (over: Record<string, unknown> = {}) =>
  CapaSchema.parse({
    afi_dni: "30600100",
    afi_localidad: "VALLE VIEJO",
    fecha_positivo: "2025-03-01",
    afi_telefono: "3834123456",
    ...over,
  });

const counts = async () => ({
  registros: await sqlOne("SELECT count(*) FROM capa_registros"),
  integrantes: await sqlOne("SELECT count(*) FROM capa_integrantes"),
  audit: await sqlOne("SELECT count(*) FROM audit_log WHERE accion IN ('capa.registrar', 'capa.modificar')"),
});

describe("the module", () => {
  test("a second record of the same DNI and positive date → 409 naming the first's number; nothing written", async () => {
    const first = await createCapa(input(), by, NOW);
    if (!first.ok) throw new Error(first.msg);
    const before = await counts();
    const again = await createCapa(
      input({ afi_localidad: "BELÉN", integrantes: [{ afi_dni_integrante: "46600001", afi_nombre_integrante: "X" }] }),
      by,
      NOW,
    );
    const msg = capaDuplicadaText(first.ficha.nro_registro);
    expect(msg).toBe(`Ya existe el registro N° ${first.ficha.nro_registro} para ese DNI y esa fecha de positivo`);
    expect(again).toEqual({
      ok: false,
      status: 409,
      msg,
      errors: [{ param: "fecha_positivo", msg }],
      code: "duplicate",
    });
    expect(await counts()).toEqual(before);
    // Another positive date of the same member, or the same date of another member, is another record.
    expect((await createCapa(input({ fecha_positivo: "2025-02-01" }), by, NOW)).ok).toBe(true);
    expect((await createCapa(input({ afi_dni: "30600101" }), by, NOW)).ok).toBe(true);
  });

  test("an update moving its positive date onto another record's → 409 with that record's number; unchanged", async () => {
    const a = await createCapa(input({ afi_dni: "30600102", fecha_positivo: "2025-01-10" }), by, NOW);
    const b = await createCapa(input({ afi_dni: "30600102", fecha_positivo: "2025-01-20" }), by, NOW);
    if (!a.ok || !b.ok) throw new Error("records not created");
    const before = await counts();
    const r = await updateCapa(
      input({ id: b.ficha.id, afi_dni: "30600102", fecha_positivo: "2025-01-10", afi_localidad: "OTRA" }),
      by,
      NOW,
    );
    const msg = capaDuplicadaText(a.ficha.nro_registro);
    expect(r).toEqual({ ok: false, status: 409, msg, errors: [{ param: "fecha_positivo", msg }], code: "duplicate" });
    expect(await getCapa(b.ficha.id)).toEqual(b.ficha);
    expect(await counts()).toEqual(before);
    // Its own date (unchanged) is no conflict.
    const same = await updateCapa(
      input({ id: b.ficha.id, afi_dni: "30600102", fecha_positivo: "2025-01-20" }),
      by,
      NOW,
    );
    expect(same.ok).toBe(true);
  });
});

describe("POST /api/capa-covid", () => {
  test("six identical POSTs at once: one 201, five 409 with the first's number; one record", async () => {
    const body = {
      afi_dni: "30600103",
      afi_localidad: "TINOGASTA",
      fecha_positivo: "2025-03-05",
      afi_telefono: "3834 111222",
      integrantes: [{ afi_dni_integrante: "46600002", afi_nombre_integrante: "CONVIVIENTE", afi_edad_integrante: 7 }],
    };
    const before = await counts();
    const rs = await Promise.all(
      Array.from({ length: 6 }, () =>
        callApi(capaAction as RouteHandler, "/api/capa-covid", { token, method: "POST", body }),
      ),
    );
    const created = rs.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const nro = (created[0].body as { ficha: { nro_registro: number } }).ficha.nro_registro;
    const msg = capaDuplicadaText(nro);
    const refused = rs.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
    for (const r of refused) expect(r.body).toEqual({ msg, errors: [{ param: "fecha_positivo", msg }] });
    expect(
      await sqlOne("SELECT count(*) FROM capa_registros WHERE afi_dni = '30600103' AND fecha_positivo = '2025-03-05'"),
    ).toBe(1);
    expect(await counts()).toEqual({
      registros: before.registros + 1,
      integrantes: before.integrantes + 1,
      audit: before.audit + 1,
    });
  });
});

describe("the /regcapa screen", () => {
  const post = (form: Record<string, string>) => postForm(regcapaAction, "/regcapa?index", form, cookie);

  test("the same record saved twice: the second says which record exists, at the date, keeping what was typed", async () => {
    const form = {
      intent: "guardar",
      afi_dni: "30600100",
      afi_localidad: "Fray Mamerto Esquiú",
      fecha_positivo: "2025-02-14",
      afi_telefono: "3834 999888",
      afi_email: "typed@example.com",
      "integrantes[0].afi_dni_integrante": "46600003",
      "integrantes[0].afi_nombre_integrante": "Persona Tipeada",
      "integrantes[0].afi_edad_integrante": "12",
    };
    const first = await post(form);
    expect(first.status).toBe(302);
    const nro = Number(new URL(first.location!, "http://localhost").searchParams.get("n"));
    const before = await counts();
    const second = await post(form);
    const msg = capaDuplicadaText(nro);
    expect(second.status).toBe(409);
    const body = second.body as {
      popup: { title: string };
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(body.popup.title).toBe(msg);
    expect(body.result.error.fecha_positivo).toEqual([msg]);
    expect(body.result.initialValue).toMatchObject({
      afi_localidad: "Fray Mamerto Esquiú",
      afi_telefono: "3834 999888",
      afi_email: "typed@example.com",
      fecha_positivo: "2025-02-14",
      integrantes: [{ afi_dni_integrante: "46600003", afi_nombre_integrante: "Persona Tipeada" }],
    });
    expect(await counts()).toEqual(before);
  });
});

describe("migration 0011: duplicates written before", () => {
  const statements = () =>
    readFileSync(MIGRATION, "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);

  test("the oldest record of each DNI and positive date stays; the later ones are set aside, none deleted", async () => {
    await sqlRows("DROP INDEX capa_registros_dni_positivo_uq");
    const ids: number[] = [];
    for (const [dni, fecha] of [
      ["30600199", "2021-05-01"],
      ["30600199", "2021-05-01"],
      ["30600199", "2021-05-01"],
      ["30600199", "2021-05-02"],
      ["30600198", "2021-05-01"],
    ]) {
      const [row] = await sqlRows<{ id: number }>(
        `INSERT INTO capa_registros (fecha_registracion, afi_dni, afi_localidad, afi_telefono, fecha_positivo)
         VALUES ('2021-05-03', $1, 'BELÉN', '3834123456', $2) RETURNING id`,
        [dni, fecha],
      );
      ids.push(row.id);
    }
    const total = await sqlOne("SELECT count(*) FROM capa_registros");
    for (const s of statements()) await sqlRows(s);
    const estados = await sqlRows<{ id: number; estado_registro: string }>(
      "SELECT id, estado_registro FROM capa_registros WHERE id = ANY($1::int[]) ORDER BY id",
      [ids],
    );
    expect(estados.map((e) => e.estado_registro)).toEqual(["ACTIVO", "DUPLICADO", "DUPLICADO", "ACTIVO", "ACTIVO"]);
    expect(await sqlOne("SELECT count(*) FROM capa_registros")).toBe(total);
    // The index holds again: a new record of that DNI and date is refused, naming the one that stayed.
    const nro = await sqlOne("SELECT nro_registro FROM capa_registros WHERE id = $1", [ids[0]]);
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
       VALUES ('X', '30600199', '0130600199', '01', '30600199', '00', 'TITULAR')`,
    );
    const r = await createCapa(input({ afi_dni: "30600199", fecha_positivo: "2021-05-01" }), by, NOW);
    expect(r).toMatchObject({ ok: false, status: 409, msg: capaDuplicadaText(nro) });
  });
});
