// The /turnos screen's loader (spec part 2 §2, §4, §5, §8, §9): the day's grid of a procedure type and the dialog
// the URL opens (a slot's assignment dialog, or a turno's status dialog), read through turnosQuerySchema. The
// forms' answers are in ./actions.server.ts. The rules themselves are the module's (rules.ts, grilla.server.ts).
import { json, redirect, type TypedResponse } from "@remix-run/node";
import { can, FORBIDDEN_OPERATION, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf } from "~/lib/input";
import type { TurnosDialogo, TurnosScreenData } from "~/modules/turnos/components/types";
import { turnosConfig } from "~/modules/turnos/config.server";
import { turnosDelDia } from "~/modules/turnos/grilla.server";
import {
  chipDelTurno,
  diaSinAtencion,
  diaVecino,
  opcionesDeEstado,
  problemaAsignacion,
  slotKey,
  TURNO_MSG,
  turnosHref,
  type Turno,
} from "~/modules/turnos/rules";
import {
  grillaSchema,
  turnoIdSchema,
  turnoSlotSchema,
  turnosQuerySchema,
  type TurnosQuery,
} from "~/modules/turnos/turnos.schema";

/** The date of the screen's form, alone (the day buttons and a bad date do not need the type). */
const fechaSchema = grillaSchema.pick({ fecha_turno: true });

/** The operations the grid's chips and the dialogs depend on (the rest of the user's codes stay on the server). */
const OPS_TURNOS = [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO, OP.MARCAR_TURNO_ATENDIDO] as const;
const MENSAJES_OK = { asignado: TURNO_MSG.ASIGNADO, estado: TURNO_MSG.ESTADO_CAMBIADO } as const;

/** The screen's query string (the schema never refuses: an unknown value is no value). */
export const queryDe = (source: Request | URL): TurnosQuery => {
  const parsed = parseInput(turnosQuerySchema, queryOf(source));
  return parsed.ok ? parsed.data : turnosQuerySchema.parse({});
};

/**
 * The open dialog: the slot's assignment dialog when its chip opens it now (else, for a slot that cannot be
 * assigned, the warning why), or a turno's status dialog.
 */
function dialogoDe(
  q: TurnosQuery,
  fecha: string,
  turnos: Turno[],
  now: Date,
  ops: string[],
): { dialogo: TurnosDialogo | null; aviso: string | null } {
  if (q.hora_turno != null) {
    const slot = parseInput(turnoSlotSchema, q);
    const turno = slot.ok
      ? turnos.find((t) => t.hora_turno.slice(0, 5) === slot.data.hora_turno && t.puesto === slot.data.puesto)
      : undefined;
    if (!turno) return { dialogo: null, aviso: diaSinAtencion(fecha) ? TURNO_MSG.SIN_ATENCION : null };
    if (chipDelTurno(turno, now, ops).accion === "asignar") {
      const key = slotKey(turno.tipo_tramite, turno.fecha_turno, turno.hora_turno, turno.puesto);
      return { dialogo: { kind: "asignar", turno, key }, aviso: null };
    }
    if (turno.estado_turno === "CONFIRMADO") return { dialogo: null, aviso: null };
    const aviso =
      problemaAsignacion(turno.estado_turno, turno.fecha_turno, turno.hora_turno, now)?.msg ??
      (turno.estado_turno === "ATENDIDO" ? TURNO_MSG.YA_ASIGNADO : FORBIDDEN_OPERATION);
    return { dialogo: null, aviso };
  }
  if (q.turno == null) return { dialogo: null, aviso: null };
  const id = parseInput(turnoIdSchema, q.turno);
  const turno = id.ok ? turnos.find((t) => t.id === id.data) : undefined;
  if (!turno || turno.id == null || turno.estado_turno === "VACIO") return { dialogo: null, aviso: null };
  const estado = { ...turno, id: turno.id };
  return {
    dialogo: { kind: "estado", turno: estado, opciones: opcionesDeEstado(turno.estado_turno, ops) },
    aviso: null,
  };
}

/** The last valid date the form showed (fecha_vista), or null. */
function fechaVistaDe(q: TurnosQuery): string | null {
  if (!q.fecha_vista) return null;
  const ok = parseInput(fechaSchema, { fecha_turno: q.fecha_vista });
  return ok.ok ? ok.data.fecha_turno : null;
}

/**
 * The /turnos loader's data: the types, the day's grid and the open dialog. ?dia=anterior|siguiente redirects to
 * the neighbouring working date (previous stays on today); a bad date or type answers 400 with the field's message.
 * A date the box could not hold (sent empty by the browser, or impossible) keeps the last valid date the form showed
 * (fecha_vista) instead of today or no grid (issue 39, ADR 076).
 */
export async function turnosScreen(request: Request, user: SessionUser): Promise<TypedResponse<TurnosScreenData>> {
  const q = queryDe(request);
  const today = todayISO();
  // Parsed as the form's field, so a refusal names fecha_turno (shown by the date box), not the body.
  const fechaOk = q.fecha_turno === "" ? null : parseInput(fechaSchema, { fecha_turno: q.fecha_turno });
  const fechaVista = fechaOk?.ok ? null : fechaVistaDe(q);
  if (q.dia) {
    const base = fechaOk?.ok ? fechaOk.data.fecha_turno : (fechaVista ?? today);
    const fecha = diaVecino(base, q.dia === "anterior" ? -1 : 1, today);
    const tipo = q.tipo_tramite && q.tipo_tramite !== "-" ? q.tipo_tramite : undefined;
    throw redirect(turnosHref({ tipo_tramite: tipo, fecha_turno: fecha }));
  }
  const configs = await turnosConfig();
  const ops: string[] = OPS_TURNOS.filter((op) => can(user, op));
  const now = new Date();
  const values = { tipo_tramite: q.tipo_tramite, fecha_turno: fechaVista ?? (q.fecha_turno || today) };
  // An impossible date with the last valid one kept: its message by the box, the kept day's grid under it.
  const fechaErrors = fechaOk && !fechaOk.ok ? fechaOk.errors : [];
  const base: TurnosScreenData = {
    tipos: configs.map((c) => c.tipo_tramite),
    values,
    today,
    ops,
    nowMs: now.getTime(),
    mensaje: q.ok ? MENSAJES_OK[q.ok] : null,
    errors: fechaErrors,
    grilla: null,
    errorCarga: null,
    dialogo: null,
    aviso: null,
  };
  const status = fechaErrors.length ? 400 : 200;
  if (fechaErrors.length && !fechaVista) return json(base, { status });
  if (!q.tipo_tramite) return json(base, { status });
  const vista = parseInput(grillaSchema, values);
  if (!vista.ok) return json({ ...base, errors: [...fechaErrors, ...vista.errors] }, { status: 400 });

  const dia = await turnosDelDia(vista.data.tipo_tramite, vista.data.fecha_turno);
  if (!dia.ok) return json({ ...base, errorCarga: dia.msg || TURNO_MSG.ERROR }, { status: dia.status });
  const config = dia.turnos_config.find((c) => c.tipo_tramite === vista.data.tipo_tramite) ?? dia.turnos_config[0];
  return json(
    {
      ...base,
      grilla: { config, turnos: dia.turnos },
      ...dialogoDe(q, vista.data.fecha_turno, dia.turnos, now, ops),
    },
    { status },
  );
}
