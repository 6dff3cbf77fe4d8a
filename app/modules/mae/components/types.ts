// The shapes the /regmae screens pass from their loaders and actions to the React screen. Browser-safe.
import type { SubmissionResult } from "@conform-to/react";
import type { AlumnoMae, FichaMae, ModoFicha } from "~/modules/mae/rules";

/** A student and a ficha as the screens show them: the module's shapes (rules.ts). */
export type AlumnoVista = AlumnoMae;
export type FichaVista = FichaMae;

/** The ficha form's values as the form holds them (strings). */
export type FichaValores = {
  anio_lectivo: string;
  dni: string;
  apeynom: string;
  titulo_mae: string;
  /** The version read (a saved ficha): sent back by 'Modificar MAE' for the stale-edit check (ADR 047). */
  version?: string;
};

/** A student card's values as its form holds them. */
export type AlumnoValores = {
  dni: string;
  apeynom: string;
  expediente: string;
  horario: string;
  escuela: string;
  escuela_nivel: string;
  observacion: string;
  /** The version read (a saved student), or the one a refused save sent: the stale-edit check (ADR 047). */
  version?: string;
};

/** The result dialog (spec §8): 'Operación Exitosa' or 'No es posible guardar', with the message. */
export type Popup = { tone: "success" | "error"; title: string; msg: string };

/** A confirmation addressed by the URL (the step without JavaScript). */
export type Confirmar =
  | { tipo: "eliminar-ficha"; alumnos: number }
  | { tipo: "eliminar-alumno"; alumno: { id: number; dni: string; apeynom: string; version: number } }
  | { tipo: "inactivar-alumno"; alumno: { id: number; dni: string; apeynom: string; version: number } };

/** The origin of a migration and its active students (the boxes, checked by default). */
export type Migracion = {
  origen: number;
  anio_origen: number;
  alumnos: { id: number; dni: string; apeynom: string; escuela: string }[];
};

export type RegMaeData = {
  modo: ModoFicha;
  /** The form's identity: changes when another ficha (or mode) is shown. */
  key: string;
  /** The screen's path (forms post to it; confirmations close back to it). */
  path: string;
  ficha: FichaVista | null;
  valores: FichaValores;
  /** A success message of the last ficha write (?ok=). */
  exito: string | null;
  /** An information line (a migration to a year that already has the ficha). */
  aviso: string | null;
  /**
   * 'Buscar' (by DNI and year) found nothing: the DNI is kept and the rest cleared — or, for a member, the name is the
   * registry's (`afiliado`, ADR 055); the time of the search.
   */
  buscado: { dni: string; error: string | null; at: number; afiliado: string | null } | null;
  /** The name shown is the padrón's for the DNI (a member teacher, ADR 055): the field is read-only. */
  nombrePadron: boolean;
  /** The migration URL: the ficha of the year before and its active students, each kept or left (ADR 055). */
  migracion: Migracion | null;
  /** ?alumno=nuevo: the new-student card without JavaScript. */
  nuevoAlumno: boolean;
  confirmar: Confirmar | null;
  permisos: { registrar: boolean; eliminar: boolean };
};

export type FichaAnswer = {
  kind: "ficha";
  result: SubmissionResult<string[]>;
  popup: Popup | null;
  /** A refused creation of a DNI and year that already have a ficha: its id (a link to it). */
  existente: number | null;
};

export type AlumnoAnswer = {
  kind: "alumno";
  /** The card the answer belongs to: 'nuevo', 'nuevo-N' (new) or 'alumno-ID' (saved). */
  card: string;
  result: SubmissionResult<string[]> | null;
  /** Values to restart the card with (Validar, a kept cancel, a refused save). */
  valores: AlumnoValores | null;
  /** The new card asks '¿Estás seguro que deseas cancelar la creación del alumno?' (step without JavaScript). */
  confirmarCancelar: boolean;
  /** The card is gone: a new student saved (it is now in the list), or a student deleted. */
  done: boolean;
  popup: Popup | null;
  at: number;
};

export type RegMaeAnswer = FichaAnswer | AlumnoAnswer;
