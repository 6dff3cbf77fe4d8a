// MAE registry rules of spec part 2 §2–§5, §8 and §9, in one place: the school years, the list's page size, when the
// form fetches a ficha by DNI, the student state machine (new → saved through add; active → modified, deleted or
// inactivated; inactive = read-only), the migration to the next school year, and every message, confirmation and
// dialog title. Pure: the screens, their actions, the JSON API and the module (which enforces the state machine on
// every write) all use these (docs/decisions/032-mae-registry.md).

import { toRegistryText } from "~/lib/registry-text";

// ---- Constants (spec §9) ------------------------------------------------------------------------------------

/** School years offered by the form and the list (spec §9). */
export const ANIOS_LECTIVOS = [2024, 2025] as const;
export type AnioLectivo = (typeof ANIOS_LECTIVOS)[number];
/** The default for new fichas and for the list (spec §9). */
export const ANIO_LECTIVO_DEFAULT: AnioLectivo = 2024;
/** MAE list page size (spec §9); the largest page an API client may ask for is ~/lib/table-state's. */
export const PAGE_SIZE = 20;
/** MAE messages clear after this (spec §9 'MAE message 2 s'). */
export const MENSAJE_MAE_MS = 2_000;

export function esAnioLectivo(n: unknown): n is AnioLectivo {
  return typeof n === "number" && (ANIOS_LECTIVOS as readonly number[]).includes(n);
}

// ---- Messages, titles and confirmations (spec §5, §8) ---------------------------------------------------------

export const MAE_MSG = {
  FICHA_GUARDADA: "Ficha guardada con éxito!",
  FICHA_MODIFICADA: "Ficha modificada con éxito!",
  FICHA_ELIMINADA: "Ficha eliminada con éxito!",
  ALUMNO_GUARDADO: "Datos del alumno guardado con éxito!",
  ALUMNO_ELIMINADO: "Alumno eliminado con éxito!",
  ALUMNO_INACTIVADO: "Alumno inactivado con éxito!",
  SIN_ALUMNOS: "Aún no hay alumnos agregados",
  // Refusals (the spec shows the server's msg; these are ours, ADR 032).
  FICHA_NO_EXISTE: "No existe la ficha MAE solicitada",
  FICHA_DUPLICADA: "Ya existe una ficha MAE con ese DNI para ese año lectivo",
  FICHA_ID_OBLIGATORIO: "Para modificar una ficha MAE debe indicar su id",
  FICHA_DNI_FIJO: "El DNI y el año lectivo de una ficha MAE no se modifican",
  ALUMNO_NO_EXISTE: "No existe el alumno solicitado",
  ALUMNO_DUPLICADO: "El alumno ya está en esta ficha MAE",
  ALUMNO_INACTIVO: "El alumno está inactivo: sus datos no se modifican ni se eliminan",
  ALUMNO_YA_INACTIVO: "El alumno ya está inactivo",
  ALUMNO_NO_AFILIADO: "No existe un afiliado con ese DNI",
  ALUMNO_SIN_VALIDAR: "Valide el DNI del alumno (Validar) para completar el nombre",
  ALUMNO_NO_GUARDADO: "El alumno aún no fue guardado",
  FICHA_EXISTENTE_MIGRACION: "Ya existe la ficha MAE de ese DNI para ese año lectivo: se muestra la ficha existente.",
  REVISE_CAMPOS: "Revise los campos marcados",
  // Issue 28 (ADR 055): the read-only ficha after a save, the migration's students, a teacher who is a member.
  FICHA_SOLO_LECTURA: "La ficha se muestra en modo lectura. Para cambiar sus datos use 'Modificar'.",
  MIGRACION_ORIGEN_INVALIDO: "La ficha de origen no corresponde a ese DNI y año lectivo",
  MIGRACION_ALUMNOS_CAMBIARON:
    "Los alumnos de la ficha de origen cambiaron (alguno fue inactivado o quitado): vuelva a abrir la migración",
} as const;

/** A teacher's DNI that is a member of the padrón and has no ficha for `anio` (ADR 055): the name is the registry's. */
export const docenteAfiliado = (anio: number | string) =>
  `El DNI es de un afiliado sin ficha MAE para ${anio}: el nombre se completó desde el padrón de afiliados.`;

/** Titles of the result dialog (spec §8). */
export const MAE_TITULO = { EXITO: "Operación Exitosa", ERROR: "No es posible guardar" } as const;

export type Confirmacion = { title: string; text?: string; confirmLabel: string; cancelLabel: string };

/** The confirmations of spec §5, word for word (the inactivation's 'inactiar' is the spec's). */
export const MAE_CONFIRM = {
  ELIMINAR_ALUMNO: {
    title: "¿Estás seguro de eliminar el alumno?",
    text: "No podrás revertir esto",
    confirmLabel: "Sí, eliminar",
    cancelLabel: "Cancelar",
  },
  CANCELAR_ALUMNO: {
    title: "¿Estás seguro que deseas cancelar la creación del alumno?",
    confirmLabel: "Sí, cancelar",
    cancelLabel: "No",
  },
  INACTIVAR_ALUMNO: {
    title: "¿Estás seguro de inactiar el alumno?",
    confirmLabel: "Sí, inactivar",
    cancelLabel: "Cancelar",
  },
} as const satisfies Record<string, Confirmacion>;

/**
 * Deleting a ficha deletes its students with it (ADR 032): the confirmation of spec §5 says how many go with it.
 */
export function confirmarEliminarFicha(alumnos: number): Confirmacion {
  const which =
    alumnos === 0
      ? "La ficha no tiene alumnos."
      : alumnos === 1
        ? "Se eliminará también su alumno."
        : `Se eliminarán también sus ${alumnos} alumnos.`;
  return {
    title: "¿Estás seguro de eliminar la ficha MAE?",
    text: `${which} No podrás revertir esto`,
    confirmLabel: "Sí, eliminar",
    cancelLabel: "Cancelar",
  };
}

// ---- Registry text (ADR 054, 077) -------------------------------------------------------------------------------

/**
 * The MAE texts stored as the member registry writes text (upper case, accents kept, one space between words): the
 * teacher's name and 'Título MAE' of a ficha, the school and 'Escuela Nivel' of a student (a student's name is the
 * registry's own). Every write path of the module stores what these give; migrations 0008 and 0015 did the old rows.
 */
export function fichaEnTextoDeRegistro(f: { apeynom: string; titulo_mae: string }) {
  return { apeynom: toRegistryText(f.apeynom), titulo_mae: toRegistryText(f.titulo_mae) };
}

export function alumnoEnTextoDeRegistro(a: { escuela: string; escuela_nivel: string }) {
  return { escuela: toRegistryText(a.escuela), escuela_nivel: toRegistryText(a.escuela_nivel) };
}

// ---- The ficha form ---------------------------------------------------------------------------------------------

/** The form fetches an existing ficha by DNI and school year once the typed DNI exceeds 7 characters (spec §5). */
export function debeBuscarFichaPorDni(dniTipeado: string): boolean {
  return dniTipeado.trim().length > 7;
}

/**
 * The screen's mode: 'nuevo' (/regmae, the migration URL), 'edicion' (/regmae/{id}) or 'lectura' after a ficha was
 * created, modified or deleted (spec §4): the ficha's fields are shown disabled.
 */
export type ModoFicha = "nuevo" | "edicion" | "lectura";

/** The buttons of the ficha form per mode (spec §2: Eliminar MAE edit only, Agregar otra MAE new only). */
export function botonesFicha(modo: ModoFicha): {
  guardar: boolean;
  modificar: boolean;
  eliminar: boolean;
  agregarOtra: boolean;
} {
  return {
    guardar: modo === "nuevo",
    modificar: modo === "edicion",
    eliminar: modo === "edicion",
    agregarOtra: modo !== "edicion",
  };
}

/** The school-year select is disabled once a record is selected (spec §2), and in read-only mode. */
export function anioBloqueado(modo: ModoFicha): boolean {
  return modo !== "nuevo";
}

/** The DNI is read-only when editing (spec §2), and in read-only mode. */
export function dniBloqueado(modo: ModoFicha): boolean {
  return modo !== "nuevo";
}

// ---- Migration to another school year (spec §2 MAE list options) ----------------------------------------------

/** The school year a ficha migrates to: the next one offered, or null for the last year (ADR 032). */
export function anioDeMigracion(anio: number): AnioLectivo | null {
  const i = (ANIOS_LECTIVOS as readonly number[]).indexOf(anio);
  return i >= 0 && i + 1 < ANIOS_LECTIVOS.length ? ANIOS_LECTIVOS[i + 1] : null;
}

/** The school year a ficha of `anio` migrates from (the inverse of anioDeMigracion), or null for the first year. */
export function anioDeOrigen(anio: number): AnioLectivo | null {
  return ANIOS_LECTIVOS.find((a) => anioDeMigracion(a) === anio) ?? null;
}

/** /regmae/{anio}/{dniMae}/{nombreMae}/{titulo}, each part URL-encoded; null when there is no later year. */
export function migrarHref(f: {
  dni: string;
  apeynom: string;
  titulo_mae: string;
  anio_lectivo: number;
}): string | null {
  const anio = anioDeMigracion(f.anio_lectivo);
  if (anio == null) return null;
  return `/regmae/${anio}/${[f.dni, f.apeynom, f.titulo_mae].map(encodeURIComponent).join("/")}`;
}

// ---- The student state machine (spec §4 MAE student) ----------------------------------------------------------

/** 'nuevo': not saved yet (no id); 'activo' / 'inactivo': saved, by its estado. */
export type EstadoAlumno = "nuevo" | "activo" | "inactivo";

export type AccionAlumno = "validar" | "agregar" | "modificar" | "eliminar" | "cancelar" | "inactivar";

export type AlumnoRef = { id?: number | null; estado?: boolean | null };

export function estadoAlumno(a: AlumnoRef): EstadoAlumno {
  if (a.id == null) return "nuevo";
  return a.estado === false ? "inactivo" : "activo";
}

const ACCIONES: Record<EstadoAlumno, readonly AccionAlumno[]> = {
  // A new student is validated, saved through add, or cancelled (dropped locally).
  nuevo: ["validar", "agregar", "cancelar"],
  // A saved active student is validated again, saved through modify, deleted or inactivated.
  activo: ["validar", "modificar", "eliminar", "inactivar"],
  // An inactive student is read-only: nothing.
  inactivo: [],
};

/** What may be done with a student in its state (the card's buttons; the module refuses the rest). */
export function accionesAlumno(a: AlumnoRef): readonly AccionAlumno[] {
  return ACCIONES[estadoAlumno(a)];
}

export function puedeAlumno(a: AlumnoRef, accion: AccionAlumno): boolean {
  return accionesAlumno(a).includes(accion);
}

/** The save of a card: add for a new student, modify for an active saved one, none for an inactive one. */
export function guardarAlumnoCon(a: AlumnoRef): "agregar" | "modificar" | null {
  const e = estadoAlumno(a);
  return e === "nuevo" ? "agregar" : e === "activo" ? "modificar" : null;
}

/** Inactive students are read-only (spec §4). */
export function alumnoSoloLectura(a: AlumnoRef): boolean {
  return estadoAlumno(a) === "inactivo";
}

/**
 * Why `accion` is refused for a student in its state (null when allowed): the message the module answers with 409.
 */
export function problemaAlumno(a: AlumnoRef, accion: AccionAlumno): string | null {
  if (puedeAlumno(a, accion)) return null;
  const e = estadoAlumno(a);
  if (e === "nuevo") return MAE_MSG.ALUMNO_NO_GUARDADO;
  if (e === "inactivo") return accion === "inactivar" ? MAE_MSG.ALUMNO_YA_INACTIVO : MAE_MSG.ALUMNO_INACTIVO;
  // An active saved student is never added again nor cancelled: it is modified or deleted.
  return accion === "agregar" ? MAE_MSG.ALUMNO_DUPLICADO : MAE_MSG.ALUMNO_NO_GUARDADO;
}

/** The state after an allowed action (the machine itself; null = the student is gone). */
export function siguienteEstado(a: AlumnoRef, accion: AccionAlumno): EstadoAlumno | null {
  if (!puedeAlumno(a, accion)) return estadoAlumno(a);
  switch (accion) {
    case "agregar":
    case "modificar":
      return "activo";
    case "inactivar":
      return "inactivo";
    case "eliminar":
    case "cancelar":
      return null;
    case "validar":
      return estadoAlumno(a);
  }
}

/** Alumno (spec §3) as the screens and the API carry it. */
export type AlumnoMae = {
  id: number;
  dni: string;
  apeynom: string;
  expediente: string;
  horario: string;
  escuela: string;
  escuela_nivel: string;
  observacion: string | null;
  estado: boolean;
  fecha_inactivacion: string | null;
  anio_lectivo: number;
  /** 1 when added, + 1 at every write: sent back by a save for the stale-edit check (ADR 047). */
  version: number;
};

/** MAE ficha (spec §3) with its students (oldest first). */
export type FichaMae = {
  id: number;
  dni: string;
  apeynom: string;
  titulo_mae: string;
  anio_lectivo: number;
  /** 1 when created, + 1 at every modify: sent back by a save for the stale-edit check (ADR 047). */
  version: number;
  alumnos: AlumnoMae[];
};
