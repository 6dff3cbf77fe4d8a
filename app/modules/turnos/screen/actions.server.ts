// The appointment screens' actions (spec part 2 §2, §4, §5): the /turnos action, the assignment dialog's form
// (member lookup and save) and the status change posted by the detail/status dialog, which /turnos and
// /listado-turnos share. The rules themselves are the module's (asignarTurno, cambiarEstado); this only reads the
// forms and shapes the screens' answers.
import { json, redirect, type TypedResponse } from "@remix-run/node";
import { parseForm, replyWithFailure } from "~/lib/form.server";
import { can, FORBIDDEN_OPERATION, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { typedValues } from "~/lib/input";
import { faltaVersion, MSG_VERSION_FALTA } from "~/lib/version";
import type {
  AsignacionResultado,
  AsignacionValores,
  EstadoResultado,
  RechazoAsignacion,
  TurnosActionResult,
} from "~/modules/turnos/components/types";
import { buscarAfiliadoTurno } from "~/modules/turnos/afiliado-turno.server";
import { asignarTurno } from "~/modules/turnos/asignar.server";
import { cambiarEstado } from "~/modules/turnos/estado.server";
import { esMotivoRechazo } from "~/modules/turnos/motivo-rechazo";
import { slotKey, TURNO_MSG, turnosHref } from "~/modules/turnos/rules";
import {
  asignarTurnoFormSchema,
  buscarDniSchema,
  CAMPO_JS,
  cambiarEstadoFormSchema,
  INTENT_ASIGNAR,
  INTENT_BUSCAR,
  INTENT_ESTADO,
} from "~/modules/turnos/turnos.schema";
import { queryDe } from "./loaders.server";

/**
 * A status change from the dialog's form: the module checks the choice against the user's operations and the
 * turno's current status. `js`: the form was sent by the page's JavaScript (answer JSON, the dialog closes itself).
 */
export async function cambiarEstadoDesdeFormulario(
  formData: FormData,
  user: SessionUser,
): Promise<{ status: number; resultado: EstadoResultado; js: boolean }> {
  const js = formData.get(CAMPO_JS) === "1";
  const submission = parseForm(formData, { schema: cambiarEstadoFormSchema });
  const rawId = Number(formData.get("id"));
  const id = Number.isInteger(rawId) ? rawId : 0;
  const at = Date.now();
  if (submission.status !== "success") {
    // A form without the version read (a cached page, a forged post) is 400 with its message (ADR 047).
    if (faltaVersion(cambiarEstadoFormSchema, submission.payload))
      return { status: 400, js, resultado: { kind: "estado", id, ok: false, msg: MSG_VERSION_FALTA, at } };
    const msg = Object.values(submission.error ?? {}).flat()[0] ?? TURNO_MSG.ERROR;
    return { status: 422, js, resultado: { kind: "estado", id, ok: false, msg, at } };
  }
  const saved = await cambiarEstado(submission.value, user);
  if (!saved.ok) {
    return {
      status: saved.status,
      js,
      resultado: { kind: "estado", id, ok: false, msg: saved.msg || TURNO_MSG.ERROR, at },
    };
  }
  return {
    status: 200,
    js,
    resultado: { kind: "estado", id: submission.value.id, ok: true, msg: saved.msg || TURNO_MSG.ESTADO_CAMBIADO, at },
  };
}

// ---- The assignment dialog's form ------------------------------------------------------------------------------

/** The dialog's values as the form sent them (shown again after a refusal). */
function valoresEnviados(fd: FormData): AsignacionValores {
  const id = Number(fd.get("id_afiliado"));
  const typed = typedValues(fd, {
    dni_afiliado: 20,
    apeynom_afiliado: 120,
    observacion: 500,
    dni_buscado: 20,
    version: 11,
  });
  return {
    ...typed,
    id_afiliado: Number.isInteger(id) && id > 0 ? id : null,
    version: /^\d{1,10}$/.test(typed.version) ? typed.version : undefined,
  };
}

/** A slot as the refused dialog posts it ('HH:MM|puesto': its choice of another slot, and the slot refused). */
const VALOR_SLOT = /^((?:[01]\d|2[0-3]):[0-5]\d)\|(\d{1,2})$/;
const slotDeValor = (v: string) => {
  const m = VALOR_SLOT.exec(v);
  return m ? { hora_turno: m[1], puesto: Number(m[2]) } : null;
};

/**
 * The refused dialog's form (issue 28): its choice of another free slot ('turno_libre') becomes the slot the form
 * saves, and the refusal it shows (the slot refused and why) is read back, so its lookup and a new refusal keep the
 * dialog. Null for the ordinary dialog's form.
 */
function rechazoDelFormulario(fd: FormData): RechazoAsignacion | null {
  const {
    turno_libre: elegido,
    rechazado: slotRechazado,
    motivo,
    tipo_tramite,
    fecha_turno,
  } = typedValues(fd, {
    turno_libre: 8,
    rechazado: 8,
    motivo: 20,
    tipo_tramite: 60,
    fecha_turno: 10,
  });
  const otro = slotDeValor(elegido);
  if (otro) {
    fd.set("hora_turno", otro.hora_turno);
    fd.set("puesto", String(otro.puesto));
  }
  const rechazado = slotDeValor(slotRechazado);
  if (!rechazado || !esMotivoRechazo(motivo)) return null;
  return { tipo_tramite, fecha_turno, ...rechazado, motivo, elegido: otro ? elegido : null, at: Date.now() };
}

type RespuestaAsignacion = { status: number; resultado: AsignacionResultado };

/** 'Buscar': the member of the DNI typed, its name and id in the form's values (or why none). */
async function buscarDesdeFormulario(
  fd: FormData,
  valores: AsignacionValores,
  answer: (status: number, r: Omit<AsignacionResultado, "kind" | "key">) => RespuestaAsignacion,
): Promise<RespuestaAsignacion> {
  const submission = parseForm(fd, { schema: buscarDniSchema });
  if (submission.status !== "success") {
    return answer(400, { valores, result: submission.reply(), mensaje: null, lookupAt: null });
  }
  const found = await buscarAfiliadoTurno(submission.value.dni_afiliado);
  if (!found.ok) {
    // AFILIACIONES may go on without a member (name typed); the others need one.
    const severity = fd.get("tipo_tramite") === "AFILIACIONES" ? "info" : "error";
    return answer(found.status, {
      valores: { ...valores, id_afiliado: null, dni_buscado: "" },
      mensaje: { severity, msg: found.msg, busqueda: true },
      lookupAt: Date.now(),
    });
  }
  const { afiliado } = found;
  const encontrado = { dni_afiliado: afiliado.numdoc, apeynom_afiliado: afiliado.apeynom, id_afiliado: afiliado.idafi };
  return answer(200, {
    valores: { ...valores, ...encontrado, dni_buscado: afiliado.numdoc },
    mensaje: null,
    lookupAt: Date.now(),
  });
}

/**
 * The assignment dialog's form ('Buscar' the member, or save): "asignado" when the slot was saved, else the answer
 * and its status. Operation 20 is checked here too (the form of a user without it gets 403 in the dialog). A new
 * assignment whose slot is gone (taken meanwhile: 409; the window closed: 422) keeps the dialog with the values
 * typed, says why and offers the day's other free slots (issue 28, ADR 051).
 */
async function asignarDesdeFormulario(fd: FormData, user: SessionUser): Promise<"asignado" | RespuestaAsignacion> {
  const previo = rechazoDelFormulario(fd);
  const slot = typedValues(fd, { tipo_tramite: 60, fecha_turno: 10, hora_turno: 8, puesto: 3 });
  const key = slotKey(slot.tipo_tramite, slot.fecha_turno, slot.hora_turno, slot.puesto);
  const valores = valoresEnviados(fd);
  const answer = (status: number, r: Omit<AsignacionResultado, "kind" | "key">) => ({
    status,
    resultado: { kind: "asignar" as const, key, ...(previo ? { rechazo: previo } : {}), ...r },
  });
  if (!can(user, OP.ASIGNAR_TURNO)) {
    return answer(403, { valores, mensaje: { severity: "error", msg: FORBIDDEN_OPERATION }, lookupAt: null });
  }
  if (fd.get("intent") === INTENT_BUSCAR) return buscarDesdeFormulario(fd, valores, answer);

  // A DNI changed after the lookup is not the member found: the member is dropped (needs a new search).
  if (
    fd.get("id_afiliado") &&
    String(fd.get("dni_afiliado") ?? "").trim() !== String(fd.get("dni_buscado") ?? "").trim()
  ) {
    fd.delete("id_afiliado");
    valores.id_afiliado = null;
  }
  const submission = parseForm(fd, { schema: asignarTurnoFormSchema });
  if (submission.status !== "success") {
    // An edit without the version read is 400 (ADR 047); the message is the form's, next to it.
    const status = faltaVersion(asignarTurnoFormSchema, submission.payload) ? 400 : 422;
    return answer(status, { valores, result: submission.reply(), mensaje: null, lookupAt: null });
  }
  const saved = await asignarTurno(submission.value, user);
  if (saved.ok) return "asignado";
  // A new assignment whose slot is gone (taken meanwhile, its window closed): the dialog offers another free slot.
  if (submission.value.id == null && esMotivoRechazo(saved.code)) {
    const { tipo_tramite, fecha_turno, puesto } = slot;
    const visto = { tipo_tramite, fecha_turno, hora_turno: submission.value.hora_turno };
    const rechazo = { ...visto, puesto: Number(puesto), motivo: saved.code, elegido: null, at: Date.now() };
    return answer(saved.status, { valores, mensaje: null, lookupAt: null, rechazo });
  }
  // Otherwise the dialog stays with what was typed and says why (a stale turno, ADR 047: the form's message too).
  return answer(saved.status, {
    valores,
    result: replyWithFailure(submission, saved, { formMessage: false }),
    mensaje: { severity: "error", msg: saved.msg || TURNO_MSG.ERROR },
    lookupAt: null,
  });
}

// ---- The /turnos action ----------------------------------------------------------------------------------------

/**
 * The /turnos action: the status dialog's form (redirects with its message, or JSON for the page's script) and the
 * assignment dialog's (lookup or save; a save redirects to the grid with its message).
 */
export async function turnosScreenAction(
  request: Request,
  user: SessionUser,
): Promise<TypedResponse<TurnosActionResult>> {
  const q = queryDe(new URL(request.url));
  const vista = { tipo_tramite: q.tipo_tramite, fecha_turno: q.fecha_turno };
  const fd = await request.formData();
  const intent = fd.get("intent");
  if (intent === INTENT_ESTADO) {
    const { status, resultado, js } = await cambiarEstadoDesdeFormulario(fd, user);
    if (resultado.ok && !js) throw redirect(turnosHref(vista, { ok: "estado" }));
    return json<TurnosActionResult>(resultado, { status });
  }
  if (intent !== INTENT_BUSCAR && intent !== INTENT_ASIGNAR) {
    return json<TurnosActionResult>({ kind: "error", msg: TURNO_MSG.ERROR }, { status: 400 });
  }
  const out = await asignarDesdeFormulario(fd, user);
  if (out === "asignado") throw redirect(turnosHref(vista, { ok: "asignado" }));
  return json<TurnosActionResult>(out.resultado, { status: out.status });
}
