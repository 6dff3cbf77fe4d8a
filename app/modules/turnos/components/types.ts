// The /turnos screen's data and answers, as its loader and action send them (turnos/screen/) and its
// components read them. Browser-safe: types only.
import type { SubmissionResult } from "@conform-to/react";
import type { FieldError } from "~/lib/input";
import type { MotivoRechazo } from "~/modules/turnos/motivo-rechazo";
import type { EstadoTurno, Turno, TurnoConfig } from "~/modules/turnos/rules";

/** What the assignment dialog's fields show: the turno's (editing), a lookup's answer, or what was sent. */
export type AsignacionValores = {
  dni_afiliado: string;
  apeynom_afiliado: string;
  id_afiliado: number | null;
  observacion: string;
  /** The DNI the member (id_afiliado) was found with: a different DNI in the box drops the member. */
  dni_buscado: string;
  /** The version of the ASIGNADO turno being edited, as read (kept after a refusal): ADR 047. */
  version?: string;
};

export type MensajeAsignacion = { severity: "error" | "info"; msg: string; busqueda?: boolean };

/** The action's answer to a status change, for the dialog of that turno. */
export type EstadoResultado = { kind: "estado"; id: number; ok: boolean; msg: string; at: number };

/** The assignment dialog's answer: its values again, the form's result, a message, or a member lookup's values. */
export type AsignacionResultado = {
  kind: "asignar";
  key: string;
  valores: AsignacionValores;
  result?: SubmissionResult<string[]>;
  mensaje: MensajeAsignacion | null;
  /** The values come from a member lookup: the form starts again from them. */
  lookupAt: number | null;
  /** The slot is gone (taken meanwhile, or its 15-minute window closed): the dialog stays with the values typed. */
  rechazo?: RechazoAsignacion;
};

/**
 * A new assignment refused because its slot is gone (issue 28, ADR 051): the slot taken meanwhile (409 'El turno ya
 * fue asignado') or its 15-minute window closed (422). The dialog stays open with what was typed, says why, and offers
 * the day's other free slots ('HH:MM|puesto'); every later answer of that dialog (a lookup, a refused save) carries it.
 */
export type RechazoAsignacion = {
  tipo_tramite: string;
  fecha_turno: string;
  hora_turno: string;
  puesto: number;
  /** Why (its code: the form posts it back, and the dialog states its message). */
  motivo: MotivoRechazo;
  /** The other slot chosen in the dialog, as posted ('HH:MM|puesto'), or null. */
  elegido: string | null;
  /** When the answer was made: a new answer starts the form again from its values. */
  at: number;
};

/** What the /turnos action answers when it does not redirect. */
export type TurnosActionResult = AsignacionResultado | EstadoResultado | { kind: "error"; msg: string };

/** The dialog the URL opens: a slot's assignment dialog, or a turno's status dialog. */
export type TurnosDialogo =
  | { kind: "asignar"; turno: Turno; key: string }
  | { kind: "estado"; turno: Turno & { id: number }; opciones: EstadoTurno[] };

/** The /turnos loader's data. */
export type TurnosScreenData = {
  tipos: string[];
  values: { tipo_tramite: string; fecha_turno: string };
  today: string;
  ops: string[];
  nowMs: number;
  mensaje: string | null;
  errors: FieldError[];
  grilla: { config: TurnoConfig; turnos: Turno[] } | null;
  errorCarga: string | null;
  dialogo: TurnosDialogo | null;
  aviso: string | null;
};
