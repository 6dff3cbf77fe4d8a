// The /turnos screen's data and answers, as its loader and action send them (turnos/screen/) and its
// components read them. Browser-safe: types only.
import type { SubmissionResult } from "@conform-to/react";
import type { FieldError } from "~/lib/input";
import type { EstadoTurno, Turno, TurnoConfig } from "~/modules/turnos/rules";
import type { AsignacionValores, MensajeAsignacion } from "./AsignarTurnoDialog";
import type { EstadoResultado } from "./EstadoTurnoDialog";

/** The assignment dialog's answer: its values again, the form's result, a message, or a member lookup's values. */
export type AsignacionResultado = {
  kind: "asignar";
  key: string;
  valores: AsignacionValores;
  result?: SubmissionResult<string[]>;
  mensaje: MensajeAsignacion | null;
  /** The values come from a member lookup: the form starts again from them. */
  lookupAt: number | null;
};
/** The slot was taken by someone else meanwhile (409): the grid reloads and shows the winner. */
export type Conflicto = { kind: "conflicto"; key: string; msg: string };

/** What the /turnos action answers when it does not redirect. */
export type TurnosActionResult = AsignacionResultado | Conflicto | EstadoResultado | { kind: "error"; msg: string };

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
