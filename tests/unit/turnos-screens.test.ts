// The two appointment screens' loaders and actions with real browser sessions (spec part 2 §2, §4, §5): the day's
// grid and its dialogs from the URL, previous/next day, the member search of the assignment dialog, the assignment
// (a member needed except AFILIACIONES, a DNI changed after the search drops the member, the loser's 409, operation
// 20 checked), the status change (JSON for the page's JavaScript, a redirect without it), Consulta de Turnos' search
// rules and row dialog (operation 21), and the Excel export with its audit entry.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { FORBIDDEN_OPERATION } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { createSession } from "~/auth/sessions.server";
import { todayISO } from "~/lib/dates";
import { requestContext } from "~/lib/request-context.server";
import { TURNO_MSG } from "~/modules/turnos/rules";
import { MSG_TURNO } from "~/modules/turnos/turnos.schema";
import { loader as exportLoader } from "~/routes/listado-turnos.exportar[.xlsx]";
import { action as listadoAction, loader as listadoLoader } from "~/routes/_app.listado-turnos";
import { action as turnosAction, loader as turnosLoader } from "~/routes/_app.turnos";
import { TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { sqlOne, sqlRows, type TestDb } from "~tests/support/db";
import { addProfileUser, useTurnosDatabase, userId } from "~tests/support/turnos-fixture";

let t: TestDb;
let idafi: Record<string, number>;
const cookie: Record<string, string> = {};

/** A Monday far ahead: no 15-minute window in the way. */
const DIA = "2099-06-01";
const GRILLA = `/turnos?tipo_tramite=REINTEGROS&fecha_turno=${DIA}`;

beforeAll(async () => {
  ({ t, idafi } = await useTurnosDatabase());
  const users: Record<string, number> = {
    admin: await userId("admin"),
    // Both screens, operation 21 only: confirms from the lookup, never assigns.
    detalle: await addProfileUser("s_detalle", ["/turnos", "/listado-turnos"], [OP.VER_DETALLE_TURNO]),
    // Both screens, no operation.
    mirar: await addProfileUser("s_mirar", ["/turnos", "/listado-turnos"], []),
  };
  await requestContext.run(TEST_REQUEST_CONTEXT, async () => {
    for (const [name, id] of Object.entries(users)) {
      cookie[name] = (await setSessionCookie(await createSession(id, "cookie"))).split(";")[0];
    }
  });
});
afterAll(async () => {
  await t?.cleanup();
});

type Answer = { status: number; location: string | null; body: Record<string, unknown> | null; type: string };

/** Calls a screen's loader (GET) or action (POST with a urlencoded form) as `who`; a thrown Response is the answer. */
async function call(
  handler: RouteHandler,
  path: string,
  who: string,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const request = new Request(`http://localhost${path}`, {
    method: form ? "POST" : "GET",
    headers: {
      Cookie: cookie[who],
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  let res: Response;
  try {
    res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      handler({ request, params: {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    res = e;
  }
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    location: res.headers.get("location"),
    body: type.includes("json") ? ((await res.json()) as Record<string, unknown>) : null,
    type,
  };
}

const slotForm = (hora: string, puesto: number, over: Record<string, string> = {}) => ({
  intent: "asignar",
  tipo_tramite: "REINTEGROS",
  fecha_turno: DIA,
  hora_turno: hora,
  puesto: String(puesto),
  dni_afiliado: "",
  apeynom_afiliado: "",
  observacion: "",
  dni_buscado: "",
  ...over,
});
const dialogUrl = (hora: string, puesto: number) => `${GRILLA}&hora_turno=${hora}&puesto=${puesto}`;

describe("Asignacion de Turnos", () => {
  test("the day's grid; previous/next day move the date (previous stays on today); an unknown type is a load error", async () => {
    const day = await call(turnosLoader, GRILLA, "admin");
    expect(day.status).toBe(200);
    const grilla = day.body!.grilla as { config: { cant_puesto: number }; turnos: unknown[] };
    expect(grilla.config.cant_puesto).toBe(2);
    expect(grilla.turnos).toHaveLength(12 * 2); // 08:00–12:00 every 20 minutes, 2 puestos
    expect(day.body!.tipos).toContain("AFILIACIONES");

    const next = await call(turnosLoader, `${GRILLA}&dia=siguiente`, "admin");
    expect(next.status).toBe(302);
    expect(next.location).toBe("/turnos?tipo_tramite=REINTEGROS&fecha_turno=2099-06-02");
    const today = todayISO();
    const prev = await call(turnosLoader, `/turnos?fecha_turno=${today}&dia=anterior`, "admin");
    expect(prev.location).toBe(`/turnos?fecha_turno=${today}`);

    const unknown = await call(turnosLoader, `/turnos?tipo_tramite=NO%20EXISTE&fecha_turno=${DIA}`, "admin");
    expect(unknown.status).toBe(404);
    expect(unknown.body!.errorCarga).toBe(TURNO_MSG.TIPO_INEXISTENTE);
    const none = await call(turnosLoader, `/turnos?tipo_tramite=-&fecha_turno=${DIA}`, "admin");
    expect(none.status).toBe(400);
    expect(none.body!.errors).toEqual([{ param: "tipo_tramite", msg: TURNO_MSG.TIPO_OBLIGATORIO }]);
    const bad = await call(turnosLoader, `/turnos?tipo_tramite=REINTEGROS&fecha_turno=2099-02-30`, "admin");
    expect(bad.status).toBe(400);
    expect(bad.body!.grilla).toBeNull();
    // The message goes to the date field (issue 28), for an impossible day and a 5-digit year alike.
    expect(bad.body!.errors).toEqual([{ param: "fecha_turno", msg: MSG_TURNO.FECHA_INVALIDA }]);
    const year = await call(turnosLoader, `/turnos?tipo_tramite=REINTEGROS&fecha_turno=20245-01-01`, "admin");
    expect(year.status).toBe(400);
    expect(year.body!.errors).toEqual([{ param: "fecha_turno", msg: MSG_TURNO.FECHA_INVALIDA }]);
  });

  test("a free slot's dialog opens for operation 20; without it the screen says why", async () => {
    const admin = await call(turnosLoader, dialogUrl("08:00", 1), "admin");
    expect(admin.body!.dialogo).toMatchObject({ kind: "asignar", turno: { estado_turno: "VACIO", puesto: 1 } });
    const mirar = await call(turnosLoader, dialogUrl("08:00", 1), "mirar");
    expect(mirar.body!.dialogo).toBeNull();
    expect(mirar.body!.aviso).toBe(FORBIDDEN_OPERATION);
    const past = await call(
      turnosLoader,
      "/turnos?tipo_tramite=REINTEGROS&fecha_turno=2020-01-06&hora_turno=08:00&puesto=1",
      "admin",
    );
    expect(past.body!.dialogo).toBeNull();
    expect(past.body!.aviso).toBe(TURNO_MSG.BLOQUEADO);
  });

  test("'Buscar' needs a DNI and fills the member's name and id; an unknown DNI says so", async () => {
    const empty = await call(turnosAction, dialogUrl("08:00", 1), "admin", slotForm("08:00", 1, { intent: "buscar" }));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(TURNO_MSG.DNI_OBLIGATORIO);

    const found = await call(
      turnosAction,
      dialogUrl("08:00", 1),
      "admin",
      slotForm("08:00", 1, { intent: "buscar", dni_afiliado: "30400001", observacion: "TRAE ORDEN" }),
    );
    expect(found.status).toBe(200);
    expect(found.body!.valores).toEqual({
      dni_afiliado: "30400001",
      apeynom_afiliado: "TURNOS PRUEBA UNO",
      id_afiliado: idafi["30400001"],
      observacion: "TRAE ORDEN",
      dni_buscado: "30400001",
    });

    const unknown = await call(
      turnosAction,
      dialogUrl("08:00", 1),
      "admin",
      slotForm("08:00", 1, { intent: "buscar", dni_afiliado: "1234567" }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body!.mensaje).toEqual({ severity: "error", msg: TURNO_MSG.AFILIADO_NO_EXISTE, busqueda: true });
  });

  test("assigning: a member is needed, a DNI changed after the search drops the member, the loser gets 409", async () => {
    const sinBuscar = await call(
      turnosAction,
      dialogUrl("08:20", 1),
      "admin",
      slotForm("08:20", 1, { dni_afiliado: "30400001" }),
    );
    expect(sinBuscar.status).toBe(422);
    expect(JSON.stringify(sinBuscar.body)).toContain(TURNO_MSG.DEBE_BUSCAR);

    const otroDni = slotForm("08:20", 1, {
      dni_afiliado: "30400002",
      id_afiliado: String(idafi["30400001"]),
      dni_buscado: "30400001",
    });
    const cambiado = await call(turnosAction, dialogUrl("08:20", 1), "admin", otroDni);
    expect(cambiado.status).toBe(422);
    expect(JSON.stringify(cambiado.body)).toContain(TURNO_MSG.DEBE_BUSCAR);
    expect(await sqlOne("SELECT count(*)::int FROM turnos WHERE fecha_turno = $1", [DIA])).toBe(0);

    const valido = slotForm("08:20", 1, {
      dni_afiliado: "30400001",
      id_afiliado: String(idafi["30400001"]),
      dni_buscado: "30400001",
    });
    const saved = await call(turnosAction, dialogUrl("08:20", 1), "admin", valido);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${GRILLA}&ok=asignado`);
    const [row] = await sqlRows<{ dni_afiliado: string; estado_turno: string }>(
      "SELECT dni_afiliado, estado_turno FROM turnos WHERE fecha_turno = $1 AND hora_turno = '08:20' AND puesto = 1",
      [DIA],
    );
    expect(row).toEqual({ dni_afiliado: "30400001", estado_turno: "ASIGNADO" });
    const msg = await call(turnosLoader, `${GRILLA}&ok=asignado`, "admin");
    expect(msg.body!.mensaje).toBe(TURNO_MSG.ASIGNADO);

    const loser = slotForm("08:20", 1, {
      dni_afiliado: "30400002",
      id_afiliado: String(idafi["30400002"]),
      dni_buscado: "30400002",
    });
    const conflict = await call(turnosAction, dialogUrl("08:20", 1), "admin", loser);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({
      kind: "asignar",
      rechazo: { hora_turno: "08:20", puesto: 1, motivo: "slot-taken" },
    });
  });

  test("a save refused because the slot is gone keeps what was typed, says why, and saves into another free slot (issue 28)", async () => {
    const member = { dni_afiliado: "30400002", id_afiliado: String(idafi["30400002"]), dni_buscado: "30400002" };
    const typed = { ...member, observacion: "trae la orden médica" };
    await call(
      turnosAction,
      dialogUrl("10:40", 2),
      "admin",
      slotForm("10:40", 2, { ...member, dni_afiliado: "30400002" }),
    );

    // taken meanwhile: 409 with the values typed and the refusal, never a redirect
    const taken = await call(turnosAction, dialogUrl("10:40", 2), "admin", slotForm("10:40", 2, typed));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      kind: "asignar",
      valores: { dni_afiliado: "30400002", id_afiliado: idafi["30400002"], observacion: "trae la orden médica" },
      rechazo: { tipo_tramite: "REINTEGROS", fecha_turno: DIA, hora_turno: "10:40", puesto: 2, elegido: null },
    });
    expect((taken.body!.rechazo as { motivo: string }).motivo).toBe("slot-taken");

    // the refused dialog's lookup keeps the refusal and the slot chosen
    const refused = { rechazado: "10:40|2", motivo: "slot-taken", turno_libre: "11:40|2" };
    const lookup = await call(turnosAction, dialogUrl("10:40", 2), "admin", {
      ...slotForm("10:40", 2, typed),
      ...refused,
      intent: "buscar",
    });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ rechazo: { hora_turno: "10:40", puesto: 2, elegido: "11:40|2" } });
    // a motive the dialog cannot have (another code, a message's text) is not shown back
    for (const motivo of ["<b>otro texto</b>", TURNO_MSG.YA_ASIGNADO, "stale", "constructor"]) {
      const plain = await call(turnosAction, dialogUrl("10:40", 2), "admin", {
        ...slotForm("10:40", 2, typed),
        ...refused,
        motivo,
        intent: "buscar",
      });
      expect(plain.body).not.toHaveProperty("rechazo");
    }

    // 'Guardar' with another free slot: saved there, with the values typed
    const saved = await call(turnosAction, dialogUrl("10:40", 2), "admin", {
      ...slotForm("10:40", 2, typed),
      ...refused,
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${GRILLA}&ok=asignado`);
    const [row] = await sqlRows<{ dni_afiliado: string; observacion: string }>(
      "SELECT dni_afiliado, observacion FROM turnos WHERE fecha_turno = $1 AND hora_turno = '11:40' AND puesto = 2",
      [DIA],
    );
    expect(row).toEqual({ dni_afiliado: "30400002", observacion: "trae la orden médica" });

    // the 15-minute window closed (a past weekday): 422, the same refusal with its own reason
    const pasado = "2020-06-01"; // a Monday
    const url = `/turnos?tipo_tramite=REINTEGROS&fecha_turno=${pasado}&hora_turno=08:00&puesto=1`;
    const closed = await call(turnosAction, url, "admin", slotForm("08:00", 1, { ...typed, fecha_turno: pasado }));
    expect(closed.status).toBe(422);
    expect(closed.body).toMatchObject({
      kind: "asignar",
      valores: { observacion: "trae la orden médica" },
      rechazo: { fecha_turno: pasado, hora_turno: "08:00", puesto: 1, motivo: "window-closed" },
    });
  });

  test("AFILIACIONES saves a person who is not a member with DNI and name typed; both are required", async () => {
    const url = `/turnos?tipo_tramite=AFILIACIONES&fecha_turno=${DIA}&hora_turno=07:30&puesto=1`;
    const base = { tipo_tramite: "AFILIACIONES", hora_turno: "07:30", puesto: "1" };
    const soloDni = await call(turnosAction, url, "admin", slotForm("07:30", 1, { ...base, dni_afiliado: "2345678" }));
    expect(soloDni.status).toBe(422);
    expect(JSON.stringify(soloDni.body)).toContain(TURNO_MSG.DNI_Y_NOMBRE);
    const ok = await call(
      turnosAction,
      url,
      "admin",
      slotForm("07:30", 1, { ...base, dni_afiliado: "2345678", apeynom_afiliado: "Persona Nueva" }),
    );
    expect(ok.status).toBe(302);
  });

  test("without operation 20 neither the search nor the assignment runs", async () => {
    for (const intent of ["buscar", "asignar"]) {
      const r = await call(
        turnosAction,
        dialogUrl("09:00", 2),
        "detalle",
        slotForm("09:00", 2, { intent, dni_afiliado: "30400001" }),
      );
      expect(r.status).toBe(403);
      expect(r.body!.mensaje).toEqual({ severity: "error", msg: FORBIDDEN_OPERATION });
    }
  });

  test("the status change: JSON for the page's JavaScript, a redirect without it; the module checks the user", async () => {
    const valido = slotForm("09:00", 2, {
      dni_afiliado: "30400003",
      id_afiliado: String(idafi["30400003"]),
      dni_buscado: "30400003",
    });
    expect((await call(turnosAction, dialogUrl("09:00", 2), "admin", valido)).status).toBe(302);
    const id = await sqlOne("SELECT id FROM turnos WHERE fecha_turno = $1 AND hora_turno = '09:00' AND puesto = 2", [
      DIA,
    ]);

    const dialog = await call(turnosLoader, `${GRILLA}&turno=${id}`, "detalle");
    expect(dialog.body!.dialogo).toMatchObject({ kind: "estado", opciones: ["CONFIRMADO", "CANCELADO"] });

    const nobody = await call(turnosAction, `${GRILLA}&turno=${id}`, "mirar", {
      intent: "estado",
      id: String(id),
      estado_turno: "CONFIRMADO",
      version: "1",
      _js: "1",
    });
    expect(nobody.status).toBe(403);
    expect(nobody.body).toMatchObject({ kind: "estado", ok: false, msg: FORBIDDEN_OPERATION });

    const js = await call(turnosAction, `${GRILLA}&turno=${id}`, "detalle", {
      intent: "estado",
      id: String(id),
      estado_turno: "CONFIRMADO",
      version: "1",
      _js: "1",
    });
    expect(js.status).toBe(200);
    expect(js.body).toMatchObject({ kind: "estado", id, ok: true, msg: TURNO_MSG.ESTADO_CAMBIADO });

    // Without operation 26 a CONFIRMADO turno cannot become ATENDIDO; admin's can, without JavaScript: a redirect.
    const no26 = await call(turnosAction, `${GRILLA}&turno=${id}`, "detalle", {
      intent: "estado",
      id: String(id),
      estado_turno: "ATENDIDO",
      version: "2",
      _js: "1",
    });
    expect(no26.status).toBe(409);
    expect(no26.body).toMatchObject({ ok: false, msg: TURNO_MSG.ESTADO_NO_PERMITIDO });
    const nojs = await call(turnosAction, `${GRILLA}&turno=${id}`, "admin", {
      intent: "estado",
      id: String(id),
      estado_turno: "ATENDIDO",
      version: "2",
    });
    expect(nojs.status).toBe(302);
    expect(nojs.location).toBe(`${GRILLA}&ok=estado`);
    const [row] = await sqlRows<{ estado_turno: string }>("SELECT estado_turno FROM turnos WHERE id = $1", [id]);
    expect(row.estado_turno).toBe("ATENDIDO");
  });
});

describe("stale edits from the dialogs (ADR 047)", () => {
  const STALE = "El registro fue modificado por otro usuario: vuelva a cargarlo";

  test("the assignment dialog's edit with an older version: 409, the dialog keeps what was typed and says why", async () => {
    const valido = slotForm("11:00", 1, {
      dni_afiliado: "30400001",
      id_afiliado: String(idafi["30400001"]),
      dni_buscado: "30400001",
    });
    expect((await call(turnosAction, dialogUrl("11:00", 1), "admin", valido)).status).toBe(302);
    const id = await sqlOne("SELECT id FROM turnos WHERE fecha_turno = $1 AND hora_turno = '11:00' AND puesto = 1", [
      DIA,
    ]);
    // The dialog of the ASIGNADO turno carries its version.
    const dialog = await call(turnosLoader, dialogUrl("11:00", 1), "admin");
    expect(dialog.body!.dialogo).toMatchObject({ kind: "asignar", turno: { id, version: 1 } });
    const edit = (observacion: string) =>
      call(turnosAction, dialogUrl("11:00", 1), "admin", { ...valido, id: String(id), version: "1", observacion });
    expect((await edit("primera")).status).toBe(302);
    const stale = await edit("segunda");
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      kind: "asignar",
      valores: { observacion: "segunda", version: "1" },
      mensaje: { severity: "error", msg: STALE },
    });
    const [row] = await sqlRows<{ observacion: string; version: number }>(
      "SELECT observacion, version FROM turnos WHERE id = $1",
      [id],
    );
    expect(row).toEqual({ observacion: "primera", version: 2 });
  });

  test("the status dialog with an older version: 409 with the message, nothing changed", async () => {
    const valido = slotForm("11:20", 1, {
      dni_afiliado: "30400002",
      id_afiliado: String(idafi["30400002"]),
      dni_buscado: "30400002",
    });
    expect((await call(turnosAction, dialogUrl("11:20", 1), "admin", valido)).status).toBe(302);
    const id = await sqlOne("SELECT id FROM turnos WHERE fecha_turno = $1 AND hora_turno = '11:20' AND puesto = 1", [
      DIA,
    ]);
    const estado = (estado_turno: string, extra: Record<string, string> = {}) =>
      call(turnosAction, `${GRILLA}&turno=${id}`, "admin", {
        intent: "estado",
        id: String(id),
        estado_turno,
        version: "1",
        ...extra,
      });
    expect((await estado("CONFIRMADO", { _js: "1" })).status).toBe(200);
    const js = await estado("CANCELADO", { _js: "1" });
    expect(js.status).toBe(409);
    expect(js.body).toMatchObject({ kind: "estado", ok: false, msg: STALE });
    // Without JavaScript the page is answered with the same message (no redirect).
    const nojs = await estado("CANCELADO");
    expect(nojs.status).toBe(409);
    expect(nojs.location).toBeNull();
    expect(nojs.body).toMatchObject({ ok: false, msg: STALE });
    const [row] = await sqlRows<{ estado_turno: string }>("SELECT estado_turno FROM turnos WHERE id = $1", [id]);
    expect(row.estado_turno).toBe("CONFIRMADO");
  });
});

describe("Consulta de Turnos", () => {
  let id: number;
  beforeAll(async () => {
    const valido = slotForm("10:00", 1, {
      dni_afiliado: "30400002",
      id_afiliado: String(idafi["30400002"]),
      dni_buscado: "30400002",
    });
    expect((await call(turnosAction, dialogUrl("10:00", 1), "admin", valido)).status).toBe(302);
    id = await sqlOne("SELECT id FROM turnos WHERE fecha_turno = $1 AND hora_turno = '10:00' AND puesto = 1", [DIA]);
  });

  test("by DNI and by date; an empty DNI or date searches nothing; '-' is refused", async () => {
    const byDni = await call(listadoLoader, "/listado-turnos?buscar=dni&dni=30400002&tipo_tramite=TODOS", "admin");
    expect((byDni.body!.turnos as { id: number }[]).map((r) => r.id)).toContain(id);
    const byDate = await call(
      listadoLoader,
      `/listado-turnos?buscar=fecha&fecha=${DIA}&tipo_tramite=REINTEGROS`,
      "admin",
    );
    expect((byDate.body!.turnos as { id: number }[]).map((r) => r.id)).toContain(id);
    const otherType = await call(
      listadoLoader,
      `/listado-turnos?buscar=fecha&fecha=${DIA}&tipo_tramite=AUTORIZACIONES`,
      "admin",
    );
    expect(otherType.body!.turnos).toEqual([]);

    for (const q of ["buscar=dni&dni=&fecha=2099-06-01", "buscar=fecha&fecha=&dni=30400002", "dni=30400002"]) {
      const r = await call(listadoLoader, `/listado-turnos?${q}`, "admin");
      expect(r.status, q).toBe(200);
      expect(r.body!.turnos, q).toBeNull();
    }
    const dash = await call(listadoLoader, `/listado-turnos?buscar=fecha&fecha=${DIA}&tipo_tramite=-`, "admin");
    expect(dash.status).toBe(400);
    expect(dash.body!.errors).toEqual([{ param: "tipo_tramite", msg: TURNO_MSG.TIPO_OBLIGATORIO }]);
  });

  test("a row's dialog needs operation 21; its status change redirects back to the search without JavaScript", async () => {
    const q = `/listado-turnos?buscar=dni&dni=30400002&tipo_tramite=TODOS`;
    const without = await call(listadoLoader, `${q}&turno=${id}`, "mirar");
    expect(without.body!.canDetail).toBe(false);
    expect(without.body!.dialogo).toBeNull();
    const withIt = await call(listadoLoader, `${q}&turno=${id}`, "detalle");
    expect(withIt.body!.dialogo).toMatchObject({ turno: { id }, opciones: ["CONFIRMADO", "CANCELADO"] });

    // The dialog posts the version it shows (ADR 047).
    const version = (withIt.body!.dialogo as { turno: { version: number } }).turno.version;
    const saved = await call(listadoAction, `${q}&turno=${id}`, "detalle", {
      intent: "estado",
      id: String(id),
      estado_turno: "CANCELADO",
      version: String(version),
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/listado-turnos?buscar=dni&dni=30400002&tipo_tramite=TODOS&ok=estado`);
  });

  test("the Excel export: the search's turnos with an audit entry; no search → back to the screen or 400", async () => {
    const before = await sqlOne("SELECT count(*)::int FROM audit_log WHERE accion = 'turnos.listado.exportar'");
    const file = await call(
      exportLoader,
      `/listado-turnos/exportar.xlsx?buscar=fecha&fecha=${DIA}&tipo_tramite=TODOS`,
      "admin",
    );
    expect(file.status).toBe(200);
    expect(file.type).toContain("spreadsheetml");
    expect(await sqlOne("SELECT count(*)::int FROM audit_log WHERE accion = 'turnos.listado.exportar'")).toBe(
      before + 1,
    );

    const person = await call(exportLoader, "/listado-turnos/exportar.xlsx?buscar=dni&dni=", "admin", undefined, {
      accept: "text/html",
    });
    expect(person.status).toBe(302);
    expect(person.location).toBe("/listado-turnos?buscar=dni&dni=");
    const program = await call(
      exportLoader,
      "/listado-turnos/exportar.xlsx?buscar=fecha&fecha=2099-02-30",
      "admin",
      undefined,
      {
        accept: "application/json",
      },
    );
    expect(program.status).toBe(400);
    expect(program.body!.msg).toBeTruthy();
  });
});
