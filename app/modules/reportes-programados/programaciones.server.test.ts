// The bounds and the scope of the schedules against the real database (issue 35, docs/decisions/058 amended): a cron
// expression fires at most once an hour, 'Ejecutar ahora' at most once an hour per schedule, active schedules are
// capped per user and overall, and running or deleting a schedule whose responsable the user may not see is 404.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import type { SessionUser } from "~/auth/sessions.server";
import {
  crearProgramacion,
  ejecutarProgramacion,
  eliminarProgramacion,
  listProgramaciones,
} from "./programaciones.server";
import type { ProgramacionInput } from "./reportes-programados.schema";
import { MAX_PROGRAMACIONES_ACTIVAS, MAX_PROGRAMACIONES_POR_USUARIO, MSG } from "./rules";
import { stopProgramaciones } from "./scheduler.server";

const CUIT = "30-44444445-7";
const OTHER = "30-55555554-3";

let t: TestDb;
let admin: SessionUser;

beforeAll(async () => {
  t = await useTestDatabase();
  process.env.REPORTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-programaciones-"));
  for (const [nombre, cuit] of [
    ["CLINICA UNO", CUIT],
    ["CLINICA DOS", OTHER],
  ])
    await sqlRows("insert into responsables (nombre, cuit) values ($1, $2)", [nombre, cuit]);
  admin = await adminActor();
}, 120_000);

afterAll(async () => {
  await stopProgramaciones();
  await t?.cleanup();
});

const BASE: ProgramacionInput = {
  reporte: "tiempos-auditoria",
  periodo: "mes-anterior",
  formato: "xlsx",
  cron: "0 6 1 * *",
};

async function crear(input: Partial<ProgramacionInput> = {}, by: SessionUser = admin): Promise<number> {
  const r = await crearProgramacion({ ...BASE, ...input }, by);
  if (!r.ok) throw new Error(r.msg);
  return r.programacion.id;
}

/** A user of its own (schedules are counted by who created them). */
async function usuario(nombre: string, over: Partial<SessionUser> = {}): Promise<SessionUser> {
  const [{ id }] = await sqlRows<{ id: number }>(
    "insert into us_usuarios (apeynom, usuario, password_hash, us_perfil_id, activo) values ($1, $1, 'x', 1, true) returning id",
    [nombre],
  );
  return { ...admin, id, usuario: nombre, ...over };
}

const activas = (id: number) => sqlOne("select count(*) from reportes_programaciones where id = $1 and activo", [id]);

describe("a cron expression fires at most once an hour", () => {
  test.each(["* * * * *", "*/30 * * * *", "0,30 6 * * *", "0-1 6 1 * *", "*/5 6 * * 1-5"])(
    "%s → 422 on cron",
    async (cron) => {
      const r = await crearProgramacion({ ...BASE, cron }, admin);
      expect(r).toEqual({
        ok: false,
        status: 422,
        msg: MSG.CRON_HORARIA,
        errors: [{ param: "cron", msg: MSG.CRON_HORARIA }],
        code: "invalid",
      });
    },
  );

  test.each(["0 * * * *", "5-5 6 * * *", "0 */2 * * *", "7 6 L * *", "59 23 * * 0"])("%s is accepted", async (cron) => {
    const r = await crearProgramacion({ ...BASE, cron }, admin);
    expect(r.ok).toBe(true);
    if (r.ok) await eliminarProgramacion(r.programacion.id, admin);
  });
});

describe("'Ejecutar ahora' at most once an hour per schedule", () => {
  test("a schedule that ran less than an hour ago → 429 with the seconds to wait; an hour later it runs", async () => {
    const id = await crear();
    const started = new Date(Date.now() - 20 * 60_000);
    await sqlRows("update reportes_programaciones set ultima_ejecucion = $2 where id = $1", [id, started]);
    const r = await ejecutarProgramacion(id, admin);
    expect(r).toMatchObject({ ok: false, status: 429, msg: MSG.RECIENTE });
    const wait = (r as { retryAfterS: number }).retryAfterS;
    expect(wait).toBeGreaterThan(39 * 60);
    expect(wait).toBeLessThanOrEqual(40 * 60);
    expect(
      await sqlOne(
        "select count(*) from audit_log where accion = 'reportes_programados.ejecutar' and entidad_id = $1",
        [String(id)],
      ),
    ).toBe(0);
    // an hour after the last run began, it runs (in the background)
    await sqlRows("update reportes_programaciones set ultima_ejecucion = $2 where id = $1", [
      id,
      new Date(Date.now() - 61 * 60_000),
    ]);
    expect(await ejecutarProgramacion(id, admin)).toEqual({ ok: true });
    await eliminarProgramacion(id, admin);
  });
});

describe("running and deleting follow the responsable scope of the pre-settlement", () => {
  test("a provider user gets 404 for another responsable's schedule, which keeps running; its own works", async () => {
    const id = await crear({ reporte: "preliquidacion", formato: "csv", responsable: CUIT });
    const provider = await usuario(OTHER, { profile: { id: 20, descripcion: "PRESTADOR" } });
    expect(await ejecutarProgramacion(id, provider)).toEqual({
      ok: false,
      status: 404,
      msg: MSG.PROGRAMACION_INEXISTENTE,
      code: "not-found",
    });
    expect(await eliminarProgramacion(id, provider)).toEqual({
      ok: false,
      status: 404,
      msg: MSG.PROGRAMACION_INEXISTENTE,
      code: "not-found",
    });
    expect(await activas(id)).toBe(1);
    expect((await listProgramaciones(provider)).programaciones.map((p) => p.id)).not.toContain(id);
    const own = await crear({ reporte: "preliquidacion", formato: "csv", responsable: OTHER }, provider);
    expect((await listProgramaciones(provider)).programaciones.map((p) => p.id)).toContain(own);
    expect(await eliminarProgramacion(own, provider)).toEqual({ ok: true });
    await eliminarProgramacion(id, admin);
  });
});

describe("active schedules are capped", () => {
  test(`per user: the ${MAX_PROGRAMACIONES_POR_USUARIO + 1}th → 422; deleting one makes room`, async () => {
    const u = await usuario("muchas");
    const ids: number[] = [];
    for (let i = 0; i < MAX_PROGRAMACIONES_POR_USUARIO; i++) ids.push(await crear({ cron: `${i} 5 1 * *` }, u));
    const refused = await crearProgramacion(BASE, u);
    expect(refused).toEqual({ ok: false, status: 422, msg: MSG.MAX_POR_USUARIO, code: "invalid" });
    expect((await crearProgramacion(BASE, admin)).ok).toBe(true); // another user is not held up
    await eliminarProgramacion(ids[0], u);
    expect((await crearProgramacion({ ...BASE, cron: "0 5 1 * *" }, u)).ok).toBe(true); // the deleted one's twin
    await sqlRows("update reportes_programaciones set activo = false, eliminado_en = now() where activo");
  });

  test(`overall: beyond ${MAX_PROGRAMACIONES_ACTIVAS} active schedules → 422`, async () => {
    const others = await usuario("otros");
    await sqlRows(
      `insert into reportes_programaciones (reporte, periodo, formato, cron, created_by)
       select 'ranking-consumos', 'mes-anterior', 'xlsx', (g % 60) || ' ' || (g / 60) || ' 1 * *', $1
       from generate_series(1, $2::int) g`,
      [others.id, MAX_PROGRAMACIONES_ACTIVAS],
    );
    try {
      expect(await crearProgramacion(BASE, admin)).toEqual({
        ok: false,
        status: 422,
        msg: MSG.MAX_TOTAL,
        code: "invalid",
      });
    } finally {
      await sqlRows("update reportes_programaciones set activo = false, eliminado_en = now() where activo");
    }
    expect((await crearProgramacion(BASE, admin)).ok).toBe(true);
  });
});

describe("an identical active schedule is refused (issue 38, ADR 069)", () => {
  test("same report, period, format, filter and cron → 409, by the database's unique index; nothing written", async () => {
    const efector = "E-IDENTICA";
    await sqlRows("insert into efectores (codigo, nommedefector) values ($1, 'DR. IDENTICO')", [efector]);
    const input: ProgramacionInput = { ...BASE, reporte: "consumos-prestadores", efector, cron: "0 6 * * 1" };
    const id = await crear(input);
    const audits = await sqlOne("select count(*) from audit_log where accion = 'reportes_programados.crear'");
    const count = await sqlOne("select count(*) from reportes_programaciones");
    expect(await crearProgramacion(input, admin)).toEqual({
      ok: false,
      status: 409,
      msg: MSG.DUPLICADA,
      code: "duplicate",
    });
    expect(await sqlOne("select count(*) from reportes_programaciones")).toBe(count);
    expect(await sqlOne("select count(*) from audit_log where accion = 'reportes_programados.crear'")).toBe(audits);
    // one field apart is another schedule
    const others = [
      await crear({ ...input, cron: "0 7 * * 1" }),
      await crear({ ...input, formato: "pdf" }),
      await crear({ ...input, periodo: "semana-anterior" }),
    ];
    // deleted, it may be created again
    await eliminarProgramacion(id, admin);
    const again = await crear(input);
    for (const p of [again, ...others]) await eliminarProgramacion(p, admin);
  });

  test("the index itself refuses a twin written around the module, also without a filter (none counts as one)", async () => {
    const id = await crear({ cron: "3 4 * * *" });
    await expect(
      sqlRows(
        "insert into reportes_programaciones (reporte, periodo, formato, cron) values ('tiempos-auditoria', 'mes-anterior', 'xlsx', '3 4 * * *')",
      ),
    ).rejects.toMatchObject({ code: "23505", constraint: "reportes_programaciones_activa_unica" });
    await eliminarProgramacion(id, admin);
  });

  test("the lists carry the responsable's and the efector's names beside their codes", async () => {
    await sqlRows("insert into efectores (codigo, nommedefector) values ('E-NOMBRE', 'DRA. NOMBRADA')");
    const p = await crear({ reporte: "preliquidacion", formato: "csv", responsable: CUIT });
    const e = await crear({ reporte: "consumos-prestadores", efector: "E-NOMBRE" });
    const { programaciones } = await listProgramaciones(admin);
    expect(programaciones.find((x) => x.id === p)).toMatchObject({
      responsable: CUIT,
      responsable_nombre: "CLINICA UNO",
      efector: null,
      efector_nombre: null,
    });
    expect(programaciones.find((x) => x.id === e)).toMatchObject({
      responsable: null,
      efector: "E-NOMBRE",
      efector_nombre: "DRA. NOMBRADA",
    });
    for (const id of [p, e]) await eliminarProgramacion(id, admin);
  });
});
