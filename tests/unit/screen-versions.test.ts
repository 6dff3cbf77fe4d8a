// Versions on the screens (issue 35 §7, ADR 047 as amended): every screen form that edits a versioned record (CAPA,
// a MAE ficha and student, a turno's status and an ASIGNADO turno's edit, an oncology ficha) must send the `version`
// it read — a form without it (a cached page, a forged post) is refused with 400 and the message next to the form,
// nothing written, what was typed kept; creating needs none. Concurrent screen saves of one version: exactly one wins.
// The JSON API still accepts a body without `version` (audited sin_control_de_version) and answers it with the
// Deprecation (RFC 9745) and Warning headers; with the version, no such headers.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { todayISO } from "~/lib/dates";
import { requestContext } from "~/lib/request-context.server";
import { action as capaApi } from "~/routes/api.capa-covid._index";
import { action as maeApi } from "~/routes/api.mae._index";
import { action as agregarAlumnoApi } from "~/routes/api.mae.agregarAlumno";
import { action as inactivarAlumnoApi } from "~/routes/api.mae.inactivarAlumno.$id";
import { action as modificarAlumnoApi } from "~/routes/api.mae.modificarAlumno";
import { action as oncoApi } from "~/routes/api.onco._index";
import { action as turnosApi } from "~/routes/api.turnos._index";
import { action as estadoApi } from "~/routes/api.turnos.cambiar-estado";
import { action as listadoTurnosAction } from "~/routes/_app.listado-turnos";
import { action as nuevaFichaAction } from "~/routes/_app.nueva-ficha";
import { action as capaEditAction } from "~/routes/_app.regcapa.$id";
import { action as capaNewAction } from "~/routes/_app.regcapa._index";
import { action as maeFichaAction } from "~/routes/_app.regmae.$id";
import { action as turnosAction } from "~/routes/_app.turnos";
import { answerOf, readAnswer, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { sqlOne, sqlRows, type TestDb } from "~tests/support/db";
import { addMembers, fichaBody } from "~tests/support/ficha-fixture";
import { useTurnosDatabase } from "~tests/support/turnos-fixture";

const FALTA = "Falta la versión del registro: vuelva a cargar la página";
const VIEJA = "El registro fue modificado por otro usuario: vuelva a cargarlo";

let t: TestDb;
let idafi: Record<string, number>;
let cookie = "";
let token = "";

/** Members of these tests: the CAPA holder, the MAE student, the oncology patient (turnos' come with its fixture). */
const CAPA_DNI = "30900001";
const ALUMNO_DNI = "46900001";
const ALUMNO_DNI_2 = "46900002";
const ONCO_DNI = "30111222";

beforeAll(async () => {
  ({ t, idafi } = await useTurnosDatabase());
  for (const [dni, apeynom] of [
    [CAPA_DNI, "VERSIONES CAPA"],
    [ALUMNO_DNI, "VERSIONES ALUMNO"],
    [ALUMNO_DNI_2, "VERSIONES OTRO ALUMNO"],
  ]) {
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, baperfenac)
       VALUES ($1, $2, $3, '01', $2, '00', 'TITULAR', '1990-01-01')`,
      [apeynom, dni, `${dni}00`],
    );
  }
  await addMembers(ONCO_DNI);
  await sqlRows("INSERT INTO organos (id, descripcion) VALUES (1, 'MAMA') ON CONFLICT DO NOTHING");
  const [admin] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
  await requestContext.run(TEST_REQUEST_CONTEXT, async () => {
    cookie = (await setSessionCookie(await createSession(admin.id, "cookie"))).split(";")[0];
    token = await createSession(admin.id, "api");
  });
});
afterAll(async () => {
  await t?.cleanup();
});

type Answer = { status: number; headers: Headers; location: string | null; body: Record<string, unknown> | null };

/**
 * Calls a route as the admin: a screen's action with a urlencoded form (the session cookie), or an API call with a
 * JSON body (the token). A thrown Response is the answer.
 */
async function send(
  handler: unknown,
  path: string,
  opts: { form?: Record<string, string>; json?: unknown; method?: string; params?: Record<string, string> },
): Promise<Answer> {
  const headers: Record<string, string> = opts.form
    ? { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" }
    : { "x-auth-token": token, ...(opts.json !== undefined ? { "content-type": "application/json" } : {}) };
  const request = new Request(`http://localhost${path}`, {
    method: opts.method ?? "POST",
    headers,
    body: opts.form
      ? new URLSearchParams(opts.form).toString()
      : opts.json === undefined
        ? undefined
        : JSON.stringify(opts.json),
  });
  return readAnswer(await answerOf(handler, request, opts.params));
}

/** The form-level errors of a conform reply (the message next to the form). */
const formErrors = (result: unknown) => (result as { error?: Record<string, string[] | null> })?.error?.[""] ?? null;
const audits = () => sqlOne("SELECT count(*) FROM audit_log");

// ---- The records --------------------------------------------------------------------------------------------------

/** A positive date no other body of this file used: one CAPA record per DNI and positive date (issue 35). */
let positivos = 0;
const positivoUnico = () => new Date(Date.parse(todayISO()) - positivos++ * 86_400_000).toISOString().slice(0, 10);

const capaBody = (over: Record<string, unknown> = {}) => ({
  afi_dni: CAPA_DNI,
  afi_localidad: "BELEN",
  fecha_positivo: positivoUnico(),
  afi_telefono: "3834 123456",
  esquema_vacunacion: "Completo",
  integrantes: [],
  ...over,
});
/** The CAPA form as the screen posts it (no household rows). */
const capaForm = (over: Record<string, string> = {}) => {
  const out: Record<string, string> = { intent: "guardar" };
  for (const [k, v] of Object.entries(capaBody())) if (typeof v === "string") out[k] = v;
  return { ...out, ...over };
};
async function capaRecord(): Promise<number> {
  const r = await send(capaApi, "/api/capa-covid", { json: capaBody() });
  expect(r.status).toBe(201);
  return (r.body!.ficha as { id: number }).id;
}
const capaRow = (id: number) =>
  sqlRows<{ afi_localidad: string; version: number }>(
    "SELECT afi_localidad, version FROM capa_registros WHERE id = $1",
    [id],
  ).then((r) => r[0]);

let maeDni = 31_900_000;
async function maeFicha(): Promise<number> {
  const dni = String(maeDni++);
  const body = { dni, apeynom: "VERSIONES, MAE", titulo_mae: "PROFESOR/A", anio_lectivo: 2024 };
  const r = await send(maeApi, "/api/mae", { json: body });
  expect(r.status).toBe(201);
  return (r.body!.ficha as { id: number }).id;
}
const maeFichaForm = async (id: number, over: Record<string, string> = {}) => {
  const [f] = await sqlRows<{ dni: string }>("SELECT dni FROM mae_fichas WHERE id = $1", [id]);
  return {
    intent: "modificar",
    dni: f.dni,
    apeynom: "VERSIONES, MAE",
    titulo_mae: "OTRO TITULO",
    anio_lectivo: "2024",
    ...over,
  };
};
const alumnoBody = {
  dni: ALUMNO_DNI,
  apeynom: "X",
  expediente: "EXP-1",
  horario: "MAÑANA",
  escuela: "E1",
  escuela_nivel: "PRIMARIO",
};
async function maeAlumno(fichaId: number, dni = ALUMNO_DNI): Promise<number> {
  const alumno = { ...alumnoBody, dni };
  const r = await send(agregarAlumnoApi, "/api/mae/agregarAlumno", { json: { id_ficha: fichaId, alumno } });
  expect(r.status).toBe(201);
  return (r.body!.alumno as { id: number }).id;
}

let slot = 0;
type TurnoDePrueba = { id: number; fecha: string; hora: string; puesto: number };
/**
 * An ASIGNADO turno (version 1) of a member, each in its own REINTEGROS slot (2 puestos every 20 minutes from 08:00
 * to 12:00) on the Mondays from 2099-06-08 (no 15-minute window in the way).
 */
async function turnoAsignado(): Promise<TurnoDePrueba> {
  const n = slot++;
  const k = n % 24;
  const fecha = new Date(Date.UTC(2099, 5, 8 + 7 * Math.floor(n / 24))).toISOString().slice(0, 10);
  const m = 8 * 60 + Math.floor(k / 2) * 20;
  const hora = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  const puesto = (k % 2) + 1;
  const r = await send(turnosApi, "/api/turnos", {
    method: "PUT",
    json: { tipo_tramite: "REINTEGROS", fecha_turno: fecha, hora_turno: hora, puesto, id_afiliado: idafi["30400001"] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: (r.body!.turno as { id: number }).id, fecha, hora, puesto };
}
const grilla = (t: TurnoDePrueba) => `/turnos?tipo_tramite=REINTEGROS&fecha_turno=${t.fecha}`;
const turnoRow = (id: number) =>
  sqlRows<{ estado_turno: string; observacion: string | null; version: number }>(
    "SELECT estado_turno, observacion, version FROM turnos WHERE id = $1",
    [id],
  ).then((r) => r[0]);

async function fichaOnco(): Promise<number> {
  const r = await send(oncoApi, "/api/onco", { json: { ...fichaBody({ afi_dni: ONCO_DNI }), operacion: "" } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body!.newFicha as { id: number }).id;
}

// ---- Screens: a form without its version ---------------------------------------------------------------------------

describe("a screen form that edits a record without `version` → 400, the message next to the form, nothing written", () => {
  test("/regcapa/{id}: the form and the error dialog say it; what was typed is kept", async () => {
    const id = await capaRecord();
    const before = [await capaRow(id), await audits()];
    const r = await send(capaEditAction, `/regcapa/${id}`, {
      form: capaForm({ afi_localidad: "TIPEADO" }),
      params: { id: String(id) },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ kind: "form", popup: { title: FALTA } });
    const result = r.body!.result as { initialValue: Record<string, unknown> };
    expect(formErrors(result)).toEqual([FALTA]);
    expect(result.initialValue.afi_localidad).toBe("TIPEADO");
    expect([await capaRow(id), await audits()]).toEqual(before);
    // With the version read it saves.
    const ok = await send(capaEditAction, `/regcapa/${id}`, {
      form: capaForm({ afi_localidad: "TIPEADO", version: "1" }),
      params: { id: String(id) },
    });
    expect(ok.status).toBe(302);
    expect(await capaRow(id)).toEqual({ afi_localidad: "TIPEADO", version: 2 });
  });

  test("/regcapa (a new record) needs no version", async () => {
    const rows = await sqlOne("SELECT count(*) FROM capa_registros");
    const r = await send(capaNewAction, "/regcapa?index", { form: capaForm() });
    expect(r.status).toBe(302);
    expect(await sqlOne("SELECT count(*) FROM capa_registros")).toBe(rows + 1);
  });

  test("/regmae/{id} 'Modificar MAE'", async () => {
    const id = await maeFicha();
    const row = () => sqlRows("SELECT titulo_mae, version FROM mae_fichas WHERE id = $1", [id]);
    const before = [await row(), await audits()];
    const r = await send(maeFichaAction, `/regmae/${id}`, { form: await maeFichaForm(id), params: { id: String(id) } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ kind: "ficha", popup: { tone: "error", msg: FALTA } });
    expect(formErrors(r.body!.result)).toEqual([FALTA]);
    expect((r.body!.result as { initialValue: Record<string, unknown> }).initialValue.titulo_mae).toBe("OTRO TITULO");
    expect([await row(), await audits()]).toEqual(before);
    const ok = await send(maeFichaAction, `/regmae/${id}`, {
      form: await maeFichaForm(id, { version: "1" }),
      params: { id: String(id) },
    });
    expect(ok.status).toBe(302);
  });

  test("/regmae/{id}: a saved student's 'Modificar' and its confirmed inactivation", async () => {
    const fichaId = await maeFicha();
    const alumnoId = await maeAlumno(fichaId);
    const row = () => sqlRows("SELECT escuela, estado, version FROM mae_alumnos WHERE id = $1", [alumnoId]);
    const before = [await row(), await audits()];
    const card = `alumno-${alumnoId}`;
    const modificar: Record<string, string> = { intent: "modificar-alumno", card, "alumno.id": String(alumnoId) };
    for (const [k, v] of Object.entries(alumnoBody)) modificar[`alumno.${k}`] = v;
    modificar["alumno.escuela"] = "TIPEADA";
    const params = { id: String(fichaId) };
    const r = await send(maeFichaAction, `/regmae/${fichaId}`, { form: modificar, params });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ kind: "alumno", card, popup: { tone: "error", msg: FALTA } });
    expect(r.body!.valores).toMatchObject({ escuela: "TIPEADA" });
    expect(formErrors(r.body!.result)).toEqual([FALTA]);

    const inactivar = await send(maeFichaAction, `/regmae/${fichaId}`, {
      form: { intent: "inactivar-alumno", card, id: String(alumnoId) },
      params,
    });
    expect(inactivar.status).toBe(400);
    expect(inactivar.body).toMatchObject({ kind: "alumno", popup: { tone: "error", msg: FALTA } });
    expect([await row(), await audits()]).toEqual(before);

    const ok = await send(maeFichaAction, `/regmae/${fichaId}`, {
      form: { ...modificar, "alumno.version": "1" },
      params,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const okInactivar = await send(maeFichaAction, `/regmae/${fichaId}`, {
      form: { intent: "inactivar-alumno", card, id: String(alumnoId), version: "2" },
      params,
    });
    expect(okInactivar.status, JSON.stringify(okInactivar.body)).toBe(200);
  });

  test("/turnos and /listado-turnos: the status dialog (with and without JavaScript)", async () => {
    const turno = await turnoAsignado();
    const id = turno.id;
    const before = [await turnoRow(id), await audits()];
    const url = `${grilla(turno)}&turno=${id}`;
    const form = { intent: "estado", id: String(id), estado_turno: "CONFIRMADO" };
    for (const [handler, path] of [
      [turnosAction, url],
      [listadoTurnosAction, `/listado-turnos?buscar=fecha&fecha=${turno.fecha}&tipo_tramite=TODOS&turno=${id}`],
    ] as const) {
      for (const extra of [{}, { _js: "1" }] as Record<string, string>[]) {
        const r = await send(handler, path, { form: { ...form, ...extra } });
        expect([path, extra, r.status, r.location]).toEqual([path, extra, 400, null]);
        expect(r.body).toMatchObject({ kind: "estado", id, ok: false, msg: FALTA });
      }
    }
    expect([await turnoRow(id), await audits()]).toEqual(before);
    const ok = await send(turnosAction, url, { form: { ...form, version: "1" } });
    expect(ok.status).toBe(302);
  });

  test("/turnos: the assignment dialog editing an ASIGNADO turno; a free slot's assignment needs no version", async () => {
    const turno = await turnoAsignado();
    const id = turno.id;
    const url = `${grilla(turno)}&hora_turno=${turno.hora}&puesto=${turno.puesto}`;
    const form = {
      intent: "asignar",
      tipo_tramite: "REINTEGROS",
      fecha_turno: turno.fecha,
      hora_turno: turno.hora,
      puesto: String(turno.puesto),
      id: String(id),
      dni_afiliado: "30400001",
      id_afiliado: String(idafi["30400001"]),
      dni_buscado: "30400001",
      observacion: "TIPEADA",
    };
    const before = [await turnoRow(id), await audits()];
    const r = await send(turnosAction, url, { form });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ kind: "asignar", valores: { observacion: "TIPEADA" } });
    expect(formErrors(r.body!.result)).toEqual([FALTA]);
    expect([await turnoRow(id), await audits()]).toEqual(before);
    expect((await send(turnosAction, url, { form: { ...form, version: "1" } })).status).toBe(302);
    expect(await turnoRow(id)).toMatchObject({ observacion: "TIPEADA", version: 2 });

    // A free slot of a day no other test uses.
    const { id: _id, ...libre } = {
      ...form,
      fecha_turno: "2099-12-07",
      hora_turno: "11:40",
      puesto: "1",
      observacion: "",
    };
    const libreUrl = "/turnos?tipo_tramite=REINTEGROS&fecha_turno=2099-12-07&hora_turno=11:40&puesto=1";
    const nuevo = await send(turnosAction, libreUrl, { form: libre });
    expect(nuevo.status, JSON.stringify(nuevo.body)).toBe(302);
  });

  test("/nueva-ficha?op=update: the oncology ficha's update (its creation needs none)", async () => {
    const id = await fichaOnco();
    const form: Record<string, string> = { intent: "guardar", afi_dni_buscado: ONCO_DNI };
    for (const [k, v] of Object.entries(fichaBody({ afi_dni: ONCO_DNI, observacion: "TIPEADA" }))) {
      if (k === "monodrogas")
        (v as Record<string, unknown>[]).forEach((row, i) => {
          for (const [dk, dv] of Object.entries(row)) form[`monodrogas[${i}].${dk}`] = String(dv);
        });
      else if (typeof v === "boolean") {
        if (v) form[k] = "on";
      } else if (v != null) form[k] = String(v);
    }
    const row = () => sqlRows("SELECT observacion, version FROM fichas_onco WHERE id = $1", [id]);
    const before = [await row(), await audits()];
    const r = await send(nuevaFichaAction, `/nueva-ficha?op=update&id=${id}`, { form });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ kind: "form", popup: { msg: FALTA, kind: "error" } });
    expect(formErrors(r.body!.result)).toEqual([FALTA]);
    expect((r.body!.result as { initialValue: Record<string, unknown> }).initialValue.observacion).toBe("TIPEADA");
    expect([await row(), await audits()]).toEqual(before);
    expect(
      (await send(nuevaFichaAction, `/nueva-ficha?op=update&id=${id}`, { form: { ...form, version: "1" } })).status,
    ).toBe(302);
    expect((await send(nuevaFichaAction, "/nueva-ficha", { form })).status).toBe(302);
  });
});

// ---- Concurrency --------------------------------------------------------------------------------------------------

describe("concurrent screen saves of one record, each with the version it read", () => {
  test("20 pairs on /regcapa/{id}: exactly one of each pair wins, the other is 409; no change is lost", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => capaRecord()));
    const save = (id: number, localidad: string) =>
      send(capaEditAction, `/regcapa/${id}`, {
        form: capaForm({ afi_localidad: localidad, version: "1" }),
        params: { id: String(id) },
      });
    const pairs = await Promise.all(ids.map((id) => Promise.all([save(id, `A${id}`), save(id, `B${id}`)])));
    pairs.forEach(([a, b], i) => {
      expect([ids[i], [a.status, b.status].sort()]).toEqual([ids[i], [302, 409]]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body).toMatchObject({ popup: { title: VIEJA } });
    });
    for (const [i, id] of ids.entries()) {
      const winner = pairs[i][0].status === 302 ? `A${id}` : `B${id}`;
      expect(await capaRow(id)).toEqual({ afi_localidad: winner, version: 2 });
    }
    // The same pairs without the version (a cached page): both refused, nothing written.
    const forged = await Promise.all(
      ids.map((id) =>
        send(capaEditAction, `/regcapa/${id}`, {
          form: capaForm({ afi_localidad: "PISADA" }),
          params: { id: String(id) },
        }),
      ),
    );
    expect(forged.map((r) => r.status)).toEqual(ids.map(() => 400));
    expect(await sqlOne("SELECT count(*) FROM capa_registros WHERE afi_localidad = 'PISADA'")).toBe(0);
  });

  test("20 pairs of status changes from the dialogs: exactly one of each pair wins", async () => {
    const turnos: TurnoDePrueba[] = [];
    for (let i = 0; i < 20; i++) turnos.push(await turnoAsignado());
    const ids = turnos.map((t) => t.id);
    const change = (t: TurnoDePrueba, estado_turno: string) =>
      send(turnosAction, `${grilla(t)}&turno=${t.id}`, {
        form: { intent: "estado", id: String(t.id), estado_turno, version: "1", _js: "1" },
      });
    const pairs = await Promise.all(turnos.map((t) => Promise.all([change(t, "CONFIRMADO"), change(t, "CANCELADO")])));
    for (const [i, [a, b]] of pairs.entries()) {
      expect([ids[i], [a.status, b.status].sort()]).toEqual([ids[i], [200, 409]]);
      const winner = a.status === 200 ? "CONFIRMADO" : "CANCELADO";
      expect(await turnoRow(ids[i])).toMatchObject({ estado_turno: winner, version: 2 });
    }
  });
});

// ---- The API: accepted without a version, with a deprecation notice -----------------------------------------------

describe("the JSON API without `version`: accepted and audited, with Deprecation and Warning headers", () => {
  const expectDeprecated = (r: Answer, what: string) => {
    expect([what, r.status], JSON.stringify(r.body)).toEqual([what, 200]);
    expect(r.headers.get("Deprecation"), what).toMatch(/^@\d{10}$/);
    expect(r.headers.get("Warning"), what).toMatch(/^299 - ".*version.*"$/);
  };
  const expectCurrent = (r: Answer, what: string) => {
    expect([what, r.status], JSON.stringify(r.body)).toEqual([what, 200]);
    expect([what, r.headers.get("Deprecation"), r.headers.get("Warning")]).toEqual([what, null, null]);
  };
  const sinControl = (accion: string) =>
    sqlOne(`SELECT count(*) FROM audit_log WHERE accion = $1 AND detalle->>'sin_control_de_version' = 'true'`, [
      accion,
    ]);

  test("PUT /api/capa-covid", async () => {
    const id = await capaRecord();
    const n = await sinControl("capa.modificar");
    expectDeprecated(await send(capaApi, "/api/capa-covid", { method: "PUT", json: capaBody({ id }) }), "sin");
    expect(await sinControl("capa.modificar")).toBe(n + 1);
    expectCurrent(await send(capaApi, "/api/capa-covid", { method: "PUT", json: capaBody({ id, version: 2 }) }), "con");
  });

  test("PUT /api/mae, /api/mae/modificarAlumno, /api/mae/inactivarAlumno/{id}", async () => {
    const id = await maeFicha();
    const [f] = await sqlRows<{ dni: string }>("SELECT dni FROM mae_fichas WHERE id = $1", [id]);
    const ficha = { id, dni: f.dni, apeynom: "VERSIONES, MAE", titulo_mae: "T", anio_lectivo: 2024 };
    expectDeprecated(await send(maeApi, "/api/mae", { method: "PUT", json: ficha }), "ficha sin");
    expectCurrent(await send(maeApi, "/api/mae", { method: "PUT", json: { ...ficha, version: 2 } }), "ficha con");
    const alumnoId = await maeAlumno(id);
    const alumno = { ...alumnoBody, id: alumnoId };
    const path = "/api/mae/modificarAlumno";
    expectDeprecated(await send(modificarAlumnoApi, path, { method: "PUT", json: { alumno } }), "alumno sin");
    expectCurrent(
      await send(modificarAlumnoApi, path, { method: "PUT", json: { alumno: { ...alumno, version: 2 } } }),
      "alumno con",
    );
    const otro = await maeAlumno(id, ALUMNO_DNI_2);
    const inactivar = (a: number, q = "") =>
      send(inactivarAlumnoApi, `/api/mae/inactivarAlumno/${a}${q}`, { method: "PUT", params: { id: String(a) } });
    expectDeprecated(await inactivar(alumnoId), "inactivar sin");
    expectCurrent(await inactivar(otro, "?version=1"), "inactivar con");
  });

  test("PUT /api/turnos (an edit) and /api/turnos/cambiar-estado; a new assignment has no version to send", async () => {
    const turno = await turnoAsignado();
    const id = turno.id;
    const edit = {
      id,
      tipo_tramite: "REINTEGROS",
      fecha_turno: turno.fecha,
      hora_turno: turno.hora,
      puesto: turno.puesto,
      id_afiliado: idafi["30400001"],
    };
    expectDeprecated(await send(turnosApi, "/api/turnos", { method: "PUT", json: edit }), "edición sin");
    expectCurrent(
      await send(turnosApi, "/api/turnos", { method: "PUT", json: { ...edit, version: 2 } }),
      "edición con",
    );
    const estado = (body: Record<string, unknown>) =>
      send(estadoApi, "/api/turnos/cambiar-estado", { method: "PUT", json: { id, ...body } });
    expectDeprecated(await estado({ estado_turno: "CONFIRMADO" }), "estado sin");
    expectCurrent(await estado({ estado_turno: "CANCELADO", version: 4 }), "estado con");
    const nuevo = await send(turnosApi, "/api/turnos", {
      method: "PUT",
      json: { ...edit, id: undefined, fecha_turno: "2099-12-07", hora_turno: "11:40", puesto: 2 },
    });
    expectCurrent(nuevo, "nuevo");
  });

  test("PUT /api/onco", async () => {
    const id = await fichaOnco();
    const body = fichaBody({ afi_dni: ONCO_DNI, id });
    expectDeprecated(await send(oncoApi, "/api/onco", { method: "PUT", json: body }), "sin");
    expectCurrent(await send(oncoApi, "/api/onco", { method: "PUT", json: { ...body, version: 2 } }), "con");
  });
});
