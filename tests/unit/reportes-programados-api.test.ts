// The JSON API of 'Reportes Programados' and the file download, through their route handlers (issue 29, ADR 058):
// status codes, shapes (the fields + efector), Spanish messages, permissions (screen, operation 40, the
// report's export operation, the provider's own responsable) and the audit rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiToken, callApi, callerWith, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { withinTwoSeconds } from "~tests/support/eventually";
import { insertAuditoriaFixture } from "~tests/support/auditoria-fixture";
import { refreshSnapshot } from "~reporting/index";
import { OP } from "~/auth/operations";
import { FORBIDDEN_OPERATION, FORBIDDEN_SCREEN, NO_TOKEN } from "~/auth/guards.server";
import { requestContext } from "~/lib/request-context.server";
import { MAX_PROGRAMACIONES_POR_USUARIO, MSG } from "~/modules/reportes-programados/rules";
import { runProgramacion } from "~/modules/reportes-programados/run.server";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { action as screenAction } from "~/routes/_app.reportes-programados";
import { stopProgramaciones } from "~/modules/reportes-programados/scheduler.server";
import { loader as listLoader, action as listAction } from "~/routes/api.reportes-programados._index";
import { loader as idLoader, action as idAction } from "~/routes/api.reportes-programados.$id";
import { action as runAction } from "~/routes/api.reportes-programados.$id.ejecutar";
import { loader as fileLoader } from "~/routes/reportes-programados.archivos.$id";
import { loader as healthLoader } from "~/routes/healthz";

const CUIT = "30-44444445-7";
const OTHER = "30-55555554-3";
const RUN_AT = new Date("2025-03-11T12:00:00Z");

let t: TestDb;
const tokens: Record<string, string> = {};
const cookies: Record<string, string> = {};
const call = callerWith<Record<string, unknown>>(() => tokens.admin);

async function profile(name: string, ops: string[]): Promise<number> {
  const [{ id }] = await sqlRows<{ id: number }>(
    "INSERT INTO us_perfiles (descripcion, activo) VALUES ($1, true) RETURNING id",
    [name],
  );
  await sqlRows(
    "INSERT INTO us_perfil_pantallas (us_perfil_id, us_pantalla_id) SELECT $1, id FROM us_pantallas WHERE path = '/reportes-programados'",
    [id],
  );
  for (const op of ops) {
    await sqlRows("INSERT INTO us_perfil_operaciones (us_perfil_id, us_operacion_id) VALUES ($1, $2)", [id, op]);
  }
  return id;
}

async function user(usuario: string, perfil: number): Promise<void> {
  await sqlRows(
    "INSERT INTO us_usuarios (apeynom, usuario, password_hash, us_perfil_id, activo) VALUES ($1, $1, 'x', $2, true)",
    [usuario, perfil],
  );
}

beforeAll(async () => {
  t = await useTestDatabase();
  process.env.REPORTS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-reportes-api-"));
  await insertAuditoriaFixture();
  for (const [nombre, cuit] of [
    ["CLINICA UNO", CUIT],
    ["CLINICA DOS", OTHER],
  ])
    await sqlRows("insert into responsables (nombre, cuit) values ($1, $2)", [nombre, cuit]);
  await refreshSnapshot();
  await user("visor", await profile("VISOR REPORTES", [OP.EXPORTAR_TIEMPOS_AUDITORIA]));
  await user("sinexport", await profile("SOLO PANTALLA", []));
  // a provider whose usuario is its CUIT (profile 20 is not privileged), given the screen
  await sqlRows(
    "INSERT INTO us_perfil_pantallas (us_perfil_id, us_pantalla_id) SELECT 20, id FROM us_pantallas WHERE path = '/reportes-programados'",
  );
  await user(CUIT, 20);
  // another provider that may schedule (operation 40) and export its pre-settlement
  await user(OTHER, await profile("PRESTADOR PROGRAMA", [OP.PROGRAMAR_REPORTES, OP.EXPORTAR_PRELIQUIDACION]));
  for (const u of ["admin", "consulta", "visor", "sinexport", CUIT, OTHER]) tokens[u] = await apiToken(t, u);
  for (const u of ["admin", OTHER]) {
    const [{ id }] = await sqlRows<{ id: number }>("select id from us_usuarios where usuario = $1", [u]);
    const session = await requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "cookie"));
    cookies[u] = (await setSessionCookie(session)).split(";")[0];
  }
}, 120_000);

afterAll(async () => {
  await stopProgramaciones();
  await t?.cleanup();
});

const BODY = { reporte: "tiempos-auditoria", periodo: "mes-anterior", formato: "xlsx", cron: "0 6 1 * *" };
let made = 0;
/** BODY with a cron of its own: an identical active schedule is refused (409, ADR 069). */
const fresh = () => ({ ...BODY, cron: `${made++ % 60} 7 1 * *` });
const create = (body: unknown, token?: string) =>
  call(listAction, "POST", "/api/reportes-programados", { body, token });
const audits = (accion: string) => sqlOne("SELECT count(*) FROM audit_log WHERE accion = $1", [accion]);
const auditsOf = (accion: string, id: string) =>
  sqlOne("SELECT count(*) FROM audit_log WHERE accion = $1 AND entidad_id = $2", [accion, id]);

describe("POST /api/reportes-programados", () => {
  test("201 { programacion } with the issue's fields plus efector; audited", async () => {
    const before = await audits("reportes_programados.crear");
    const r = await create({ ...BODY, responsable: null, efector: "" });
    expect(r.status).toBe(201);
    expect(r.body.programacion).toEqual({
      id: expect.any(Number),
      reporte: "tiempos-auditoria",
      periodo: "mes-anterior",
      formato: "xlsx",
      cron: "0 6 1 * *",
      responsable: null,
      responsable_nombre: null,
      efector: null,
      efector_nombre: null,
      activo: true,
      proxima_ejecucion: expect.stringMatching(/T09:00:00\.000Z$/), // 06:00 in Catamarca
      ultima_ejecucion: null,
      ultimo_error: null,
    });
    expect(await audits("reportes_programados.crear")).toBe(before + 1);
  });

  test.each([
    [{ ...BODY, reporte: "otro" }, 400, "reporte", MSG.REPORTE],
    [{ ...BODY, periodo: undefined }, 400, "periodo", MSG.PERIODO],
    [{ ...BODY, cron: "0 6 1 * * *" }, 400, "cron", MSG.CRON_CAMPOS],
    [{ ...BODY, cron: 7 }, 400, "cron", MSG.CRON_CAMPOS],
    [{ ...BODY, cron: "0 25 1 * *" }, 422, "cron", MSG.CRON_INVALIDO],
    [{ ...BODY, cron: "* * * * *" }, 422, "cron", MSG.CRON_HORARIA],
    [{ ...BODY, cron: "0,30 6 1 * *" }, 422, "cron", MSG.CRON_HORARIA],
    [{ ...BODY, formato: "csv" }, 422, "formato", MSG.FORMATO_CSV],
    [{ ...BODY, reporte: "preliquidacion" }, 422, "responsable", MSG.RESPONSABLE],
    [{ ...BODY, reporte: "consumos-prestadores" }, 422, "efector", MSG.EFECTOR],
  ])("%j → %i on %s", async (body, status, param, msg) => {
    const r = await create(body);
    expect(r.status).toBe(status);
    expect(r.body.msg).toBe(msg);
    expect(r.body.errors).toContainEqual({ param, msg });
  });

  test("the presets too: 'frecuencia' and 'hora' compile to the stored cron (issue 38, ADR 069)", async () => {
    const r = await create({ ...BODY, cron: undefined, frecuencia: "martes", hora: "05:40" });
    expect(r.status).toBe(201);
    expect(r.body.programacion).toMatchObject({ cron: "40 5 * * 2" });
    const refused = await create({ ...BODY, cron: undefined, frecuencia: "diaria", hora: "5" });
    expect(refused).toEqual({ status: 400, body: { msg: MSG.HORA, errors: [{ param: "hora", msg: MSG.HORA }] } });
  });

  test("an identical active schedule → 409 with the msg; the screen's form answers 409 too, nothing created", async () => {
    const body = { ...BODY, cron: "1 2 3 * *" };
    expect((await create(body)).status).toBe(201);
    const before = await sqlOne("select count(*) from reportes_programaciones");
    expect(await create(body)).toEqual({ status: 409, body: { msg: MSG.DUPLICADA } });
    // the same schedule written as a preset is the same schedule
    expect(await create({ ...body, cron: undefined, frecuencia: "diaria", hora: "06:00" })).toMatchObject({
      status: 201,
    });
    expect(await create({ ...BODY, cron: "0 6 * * *" })).toEqual({ status: 409, body: { msg: MSG.DUPLICADA } });
    expect((await form(cookies.admin, { intent: "crear", ...body })).status).toBe(409);
    expect(await sqlOne("select count(*) from reportes_programaciones")).toBe(before + 1);
  });

  test("not JSON → 400; without operation 40 → 403; anonymous → 401; without the screen → 403", async () => {
    expect((await create("{no")).status).toBe(400);
    expect(await create(BODY, tokens.visor)).toEqual({ status: 403, body: { msg: FORBIDDEN_OPERATION } });
    expect(await call(listAction, "POST", "/api/reportes-programados", { body: BODY, token: null })).toEqual({
      status: 401,
      body: { msg: NO_TOKEN },
    });
    expect(await create(BODY, tokens.consulta)).toEqual({ status: 403, body: { msg: FORBIDDEN_SCREEN } });
  });
});

describe("GET, ejecutar, DELETE and the download", () => {
  test("a run now: 202, the file appears in GET (newest first, url) and downloads, audited", async () => {
    const { body } = await create(fresh());
    const id = (body.programacion as { id: number }).id;
    const r = await call(runAction, "POST", `/api/reportes-programados/${id}/ejecutar`, { params: { id: String(id) } });
    expect(r).toEqual({ status: 202, body: { id, msg: MSG.INICIADA } });
    const list = () => call(listLoader, "GET", "/api/reportes-programados");
    const fileOf = async () =>
      ((await list()).body.archivos as { programacionId: number }[]).find((a) => a.programacionId === id);
    expect(await withinTwoSeconds(async () => (await fileOf()) !== undefined, 60_000)).toBe(true);
    const archivo = (await fileOf()) as Record<string, unknown>;
    expect(Object.keys(archivo).sort()).toEqual(
      [
        "id",
        "programacionId",
        "reporte",
        "responsable",
        "responsable_nombre",
        "efector",
        "efector_nombre",
        "nombre",
        "periodo_desde",
        "periodo_hasta",
        "generado_en",
        "bytes",
        "url",
      ].sort(),
    );
    expect(archivo.url).toBe(`/reportes-programados/archivos/${archivo.id}`);
    const prog = ((await list()).body.programaciones as { id: number; ultima_ejecucion: string | null }[]).find(
      (p) => p.id === id,
    );
    expect(prog?.ultima_ejecucion).toEqual(expect.any(String));

    const before = await audits("reportes_programados.descargar");
    const res = await download(archivo.id as number, tokens.visor);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(archivo.nombre as string);
    expect((await res.arrayBuffer()).byteLength).toBe(archivo.bytes);
    expect(await audits("reportes_programados.descargar")).toBe(before + 1);
    // the screen without the report's export operation: 403; anonymous: 401 JSON; unknown: 404
    expect((await download(archivo.id as number, tokens.sinexport)).status).toBe(403);
    const anon = await download(archivo.id as number, null, { accept: "application/json" });
    expect(anon.status).toBe(401);
    expect((await download(999_999, tokens.admin)).status).toBe(404);
    expect((await download("abc", tokens.admin)).status).toBe(404);
  });

  test("files are listed newest first", async () => {
    const { body } = await create(fresh());
    const id = (body.programacion as { id: number }).id;
    for (const day of ["2025-03-11", "2025-03-12"]) await runProgramacion(id, { now: new Date(`${day}T12:00:00Z`) });
    const archivos = (await call(listLoader, "GET", "/api/reportes-programados")).body.archivos as {
      generado_en: string;
    }[];
    const times = archivos.map((a) => a.generado_en);
    expect(times).toEqual([...times].sort().reverse());
  });

  test("a provider sees and downloads only its own responsable's pre-settlement", async () => {
    const own = await create({ ...fresh(), reporte: "preliquidacion", formato: "csv", responsable: CUIT });
    const other = await create({ ...fresh(), reporte: "preliquidacion", formato: "csv", responsable: OTHER });
    const ownId = (own.body.programacion as { id: number }).id;
    const otherId = (other.body.programacion as { id: number }).id;
    for (const id of [ownId, otherId]) expect((await runProgramacion(id, { now: RUN_AT })).ok).toBe(true);
    const seen = await call(listLoader, "GET", "/api/reportes-programados", { token: tokens[CUIT] });
    const ids = (seen.body.programaciones as { id: number }[]).map((p) => p.id);
    expect(ids).toContain(ownId);
    expect(ids).not.toContain(otherId);
    const [ownFile] = await sqlRows<{ id: number }>("select id from reportes_archivos where programacion_id = $1", [
      ownId,
    ]);
    const [otherFile] = await sqlRows<{ id: number }>("select id from reportes_archivos where programacion_id = $1", [
      otherId,
    ]);
    const ok = await download(ownFile.id, tokens[CUIT]);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/csv");
    expect((await download(otherFile.id, tokens[CUIT])).status).toBe(403);
  });

  test("409 while a run of the schedule is going; 404 for an unknown id; 403 without operation 40", async () => {
    const { body } = await create(fresh());
    const id = String((body.programacion as { id: number }).id);
    const first = await call(runAction, "POST", `/api/reportes-programados/${id}/ejecutar`, { params: { id } });
    expect(first.status).toBe(202);
    const second = await call(runAction, "POST", `/api/reportes-programados/${id}/ejecutar`, { params: { id } });
    // still running: 409; already over (a fast machine): it ran less than an hour ago, 429
    expect([409, 429]).toContain(second.status);
    expect(second.body).toEqual({ msg: second.status === 409 ? MSG.EN_CURSO : MSG.RECIENTE });
    const unknown = await call(runAction, "POST", "/api/reportes-programados/999999/ejecutar", {
      params: { id: "999999" },
    });
    expect(unknown).toEqual({ status: 404, body: { msg: MSG.PROGRAMACION_INEXISTENTE } });
    const visor = await call(runAction, "POST", `/api/reportes-programados/${id}/ejecutar`, {
      params: { id },
      token: tokens.visor,
    });
    expect(visor).toEqual({ status: 403, body: { msg: FORBIDDEN_OPERATION } });
  });

  test("DELETE: 200, audited, no longer listed, its files kept; again → 404; GET on it → 405", async () => {
    const { body } = await create(fresh());
    const id = (body.programacion as { id: number }).id;
    expect((await runProgramacion(id, { now: RUN_AT })).ok).toBe(true);
    const before = await audits("reportes_programados.eliminar");
    const del = () => call(idAction, "DELETE", `/api/reportes-programados/${id}`, { params: { id: String(id) } });
    expect(await del()).toEqual({ status: 200, body: { id, msg: MSG.ELIMINADA } });
    expect(await audits("reportes_programados.eliminar")).toBe(before + 1);
    expect(await del()).toEqual({ status: 404, body: { msg: MSG.PROGRAMACION_INEXISTENTE } });
    const list = (await call(listLoader, "GET", "/api/reportes-programados")).body;
    expect((list.programaciones as { id: number }[]).map((p) => p.id)).not.toContain(id);
    expect((list.archivos as { programacionId: number }[]).map((a) => a.programacionId)).toContain(id);
    expect(
      (await call(idLoader, "GET", `/api/reportes-programados/${id}`, { params: { id: String(id) } })).status,
    ).toBe(405);
    const bad = await call(idAction, "DELETE", "/api/reportes-programados/x", { params: { id: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(MSG.PROGRAMACION_INEXISTENTE);
  });

  test("two runs of a schedule in the same second: both files listed and both download", async () => {
    const { body } = await create(fresh());
    const id = (body.programacion as { id: number }).id;
    for (let i = 0; i < 2; i++) expect((await runProgramacion(id, { now: RUN_AT })).ok).toBe(true);
    const archivos = (
      (await call(listLoader, "GET", "/api/reportes-programados")).body.archivos as {
        id: number;
        programacionId: number;
        nombre: string;
        bytes: number;
      }[]
    ).filter((a) => a.programacionId === id);
    expect(archivos).toHaveLength(2);
    expect(new Set(archivos.map((a) => a.nombre)).size).toBe(2);
    for (const a of archivos) {
      const res = await download(a.id, tokens.admin);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(a.bytes);
    }
  });

  test("'Ejecutar ahora' again within the hour: 429 with Retry-After; the screen says so", async () => {
    const { body } = await create(fresh());
    const id = (body.programacion as { id: number }).id;
    await sqlRows("update reportes_programaciones set ultima_ejecucion = now() - interval '59 minutes' where id = $1", [
      id,
    ]);
    const request = new Request(`http://localhost/api/reportes-programados/${id}/ejecutar`, {
      method: "POST",
      headers: { "x-auth-token": tokens.admin },
    });
    let res: Response;
    try {
      res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
        runAction({ request, params: { id: String(id) }, context: {} }),
      )) as Response;
    } catch (e) {
      if (!(e instanceof Response)) throw e;
      res = e;
    }
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ msg: MSG.RECIENTE });
    const wait = Number(res.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    const screen = await form(cookies.admin, { intent: "ejecutar", id: String(id) });
    expect(screen.location).toBe("/reportes-programados?aviso=reciente");
  });

  test("a provider may not run nor delete another responsable's schedule (404, API and screen); its own, yes", async () => {
    const theirs = await create({ ...fresh(), reporte: "preliquidacion", formato: "csv", responsable: CUIT });
    const mine = await create(
      { ...fresh(), reporte: "preliquidacion", formato: "csv", responsable: OTHER },
      tokens[OTHER],
    );
    expect(mine.status).toBe(201);
    const id = String((theirs.body.programacion as { id: number }).id);
    const own = String((mine.body.programacion as { id: number }).id);
    const notFound = { msg: MSG.PROGRAMACION_INEXISTENTE };
    const run = (x: string) =>
      call(runAction, "POST", `/api/reportes-programados/${x}/ejecutar`, { params: { id: x }, token: tokens[OTHER] });
    const del = (x: string) =>
      call(idAction, "DELETE", `/api/reportes-programados/${x}`, { params: { id: x }, token: tokens[OTHER] });
    expect(await run(id)).toEqual({ status: 404, body: notFound });
    expect(await del(id)).toEqual({ status: 404, body: notFound });
    for (const intent of ["ejecutar", "eliminar"]) {
      expect((await form(cookies[OTHER], { intent, id })).location).toBe("/reportes-programados?aviso=inexistente");
    }
    expect(await sqlOne("select count(*) from reportes_programaciones where id = $1 and activo", [id])).toBe(1);
    expect(await auditsOf("reportes_programados.ejecutar", id)).toBe(0);
    expect((await run(own)).status).toBe(202);
    expect((await form(cookies[OTHER], { intent: "eliminar", id: own })).location).toBe(
      "/reportes-programados?aviso=eliminada",
    );
  });

  test("the screen: a post without a known intent creates nothing (400)", async () => {
    const before = await sqlOne("select count(*) from reportes_programaciones");
    for (const fields of [{ ...fresh() }, { intent: "otra", ...fresh() }]) {
      expect((await form(cookies.admin, fields)).status).toBe(400);
    }
    expect(await sqlOne("select count(*) from reportes_programaciones")).toBe(before);
    expect((await form(cookies.admin, { intent: "crear", ...fresh() })).location).toMatch(
      /^\/reportes-programados\?aviso=creada&programacion=\d+$/,
    );
  });

  test("active schedules are capped per user (422)", async () => {
    const [{ id: creator }] = await sqlRows<{ id: number }>("select id from us_usuarios where usuario = $1", [OTHER]);
    const before = await sqlOne("select count(*) from reportes_programaciones where activo and created_by = $1", [
      creator,
    ]);
    await sqlRows(
      `insert into reportes_programaciones (reporte, periodo, formato, cron, created_by)
       select 'ranking-consumos', 'mes-anterior', 'xlsx', g || ' 8 1 * *', $1 from generate_series(1, $2::int) g`,
      [creator, MAX_PROGRAMACIONES_POR_USUARIO - before],
    );
    const r = await create(fresh(), tokens[OTHER]);
    expect(r).toEqual({ status: 422, body: { msg: MSG.MAX_POR_USUARIO } });
    const screen = await form(cookies[OTHER], { intent: "crear", ...fresh() });
    expect(screen.status).toBe(422);
    await sqlRows("update reportes_programaciones set activo = false where created_by = $1", [creator]);
  });

  test("a failed run's error is in /healthz's details (for who may see them)", async () => {
    const { body } = await create(fresh());
    const id = (body.programacion as { id: number }).id;
    const diskFull = () => {
      throw new Error("disco lleno");
    };
    await runProgramacion(id, { now: RUN_AT, onWritten: diskFull });
    const res = (await requestContext.run({ ...TEST_REQUEST_CONTEXT, address: "127.0.0.1" }, () =>
      healthLoader({ request: new Request("http://localhost/healthz"), params: {}, context: {} }),
    )) as Response;
    const h = (await res.json()) as { reportes_programados: { errores: { id: number; ultimo_error: string }[] } };
    expect(h.reportes_programados.errores).toContainEqual({
      id,
      reporte: "tiempos-auditoria",
      ultimo_error: "No se pudo generar el archivo: disco lleno",
    });
    const anonymous = await callApi(healthLoader, "/healthz", { token: null });
    expect(Object.keys(anonymous.body)).toEqual(["status"]);
  });
});

async function download(id: number | string, token: string | null, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/reportes-programados/archivos/${id}`, {
    headers: { ...(token ? { "x-auth-token": token } : {}), ...headers },
  });
  try {
    return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      fileLoader({ request, params: { id: String(id) }, context: {} }),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** The screen's form post with a browser session: status and Location. */
async function form(cookie: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/reportes-programados", {
    method: "POST",
    headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  let res: Response;
  try {
    res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      screenAction({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    res = e;
  }
  return { status: res.status, location: res.headers.get("location") };
}
