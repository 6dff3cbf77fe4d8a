// CAPA covid registry rules (spec part 2 §3, §4 'Other', §5 CAPA form, §8, §9; decisions in ADR 031), in one place.
// Pure: used by the form (browser), the actions, the API, the exports and the module alike. Dates are ISO
// yyyy-mm-dd; `today` is the insurer's (America/Argentina/Catamarca, todayISO()).
import { formatDateAR } from "~/lib/dates";
import { ageOn } from "~/modules/afiliados/rules";

// ---- Values ---------------------------------------------------------------------------------------------------

/** Vaccination schemes (spec §3, §4 'Other'); new records start 'Incompleto'. */
export const ESQUEMAS_VACUNACION = ["Completo", "Incompleto"] as const;
export type EsquemaVacunacion = (typeof ESQUEMAS_VACUNACION)[number];
export const ESQUEMA_DEFAULT: EsquemaVacunacion = "Incompleto";

/** Module types (spec §9): modulo3046 individual, modulo3047 family group. */
export const TIPOS_MODULO = ["modulo3046", "modulo3047"] as const;
export type TipoModulo = (typeof TIPOS_MODULO)[number];
export const TIPO_MODULO_LABEL: Record<TipoModulo, string> = {
  modulo3046: "Módulo 3046 - Individual",
  modulo3047: "Módulo 3047 - Grupo familiar",
};

/** The label of a stored module type ('' when none; an unknown value is shown as stored). */
export function tipoModuloLabel(tipo: string | null | undefined): string {
  if (!tipo) return "";
  return (TIPO_MODULO_LABEL as Record<string, string>)[tipo] ?? tipo;
}

// ---- Limits ---------------------------------------------------------------------------------------------------

/** List page size (spec §9); the largest page the API serves is ~/lib/table-state's. */
export const PAGE_SIZE = 20;
/** The most records one export (PDF, XLSX, for_export) carries (ADR 031). */
export const EXPORT_LIMIT = 5000;
/** The most household members of one record (cant_integrantes is a smallint; a household, not a census). */
export const MAX_INTEGRANTES = 20;
/** Ages of people: 0 to 130. */
export const EDAD_MIN = 0;
export const EDAD_MAX = 130;
/** No covid-19 positive test can be older than this date (ADR 031). */
export const FECHA_POSITIVO_MIN = "2020-01-01";

// ---- Messages (spec §8, plus the module's own) ----------------------------------------------------------------

export const CAPA_MSG = {
  CREATED: "Ficha registrada con éxito",
  UPDATED: "Ficha modificada con éxito",
  SAVE_ERROR: "Error al registrar ficha",
  LIST_ERROR: "Error al obtener fichas",
  GET_ERROR: "Error al obtener ficha",
  NOT_FOUND: "No existe la ficha CAPA solicitada",
  ID_INVALID: "Id de ficha inválido",
  ID_REQUIRED: "Para modificar una ficha debe indicar su id",
  AFILIADO_NO_EXISTE: "No existe un afiliado con ese DNI",
  DNI_FIJO: "El DNI de una ficha registrada no puede modificarse",
  REVISE: "Revise los campos marcados",
  /** A second record of one DNI and positive date whose first could not be read (capaDuplicadaText names it). */
  DUPLICADA: "Ya existe un registro para ese DNI y esa fecha de positivo",
} as const;

/** The title of the save dialog on success (spec §8). It stays until closed (not the spec's 1 s: ADR 054). */
export const SUCCESS_TITLE = "Operacion Exitosa";

/**
 * A second record of one DNI and positive date (issue 35): refused with the number of the record that exists, the
 * number the clerk reads on the form's heading and the success notice ('Registro N° …').
 */
export const capaDuplicadaText = (nro: number) =>
  `Ya existe el registro N° ${nro} para ese DNI y esa fecha de positivo`;

/** The notice above the restarted form after a registration: its number stays on screen (ADR 054). */
export const ultimoRegistroText = (nro: number) => `Último registro: N° ${nro}`;

// ---- Rules ----------------------------------------------------------------------------------------------------

/** The problem with a positive-test date, or null: not before FECHA_POSITIVO_MIN, not after today. */
export function fechaPositivoProblem(iso: string, today: string): string | null {
  if (iso < FECHA_POSITIVO_MIN)
    return `La fecha de positivo no puede ser anterior al ${formatDateAR(FECHA_POSITIVO_MIN)}`;
  if (iso > today) return "La fecha de positivo no puede ser posterior a hoy";
  return null;
}

/** Age in whole years on `fecha` from a birth date (the member registry's baperfenac); null when unknown. */
export function edadAl(baperfenac: string | null | undefined, fecha: string): number | null {
  const edad = ageOn(baperfenac ?? null, fecha);
  return edad == null || edad < EDAD_MIN || edad > EDAD_MAX ? null : edad;
}

/**
 * The household rows (0-based) whose DNI was already used: the main member's, or an earlier row's. The first use
 * stands; each later one is reported.
 */
export function filasConDniRepetido(afiDni: string, integrantes: readonly string[]): number[] {
  const seen = new Set<string>([afiDni.trim()]);
  const out: number[] = [];
  integrantes.forEach((d, i) => {
    const dni = d.trim();
    if (seen.has(dni)) out.push(i);
    seen.add(dni);
  });
  return out;
}

/** How many member column groups the Excel export needs: the largest household of the exported records. */
export function maxIntegrantes(fichas: readonly { integrantes: readonly unknown[] }[]): number {
  return fichas.reduce((m, f) => Math.max(m, f.integrantes.length), 0);
}

export type Integrante = {
  afi_dni_integrante: string;
  afi_nombre_integrante: string | null;
  afi_edad_integrante: number | null;
};

/** A record as the API answers it (spec §3; estado_registro only in exports). */
export type FichaCapa = {
  id: number;
  nro_registro: number;
  fecha_registracion: string;
  afi_dni: string;
  afi_nro_afi: string | null;
  afi_parentesco: string | null;
  afi_nombre: string | null;
  afi_localidad: string;
  afi_edad: number | null;
  afi_telefono: string;
  afi_telefono_alternativo: string | null;
  afi_email: string | null;
  fecha_positivo: string;
  esquema_vacunacion: string;
  cant_integrantes: number;
  tipo_modulo: string | null;
  nro_autorizacion_sia: string | null;
  /** 1 when registered, + 1 at every update: sent back by a save for the stale-edit check (ADR 047). */
  version: number;
  integrantes: Integrante[];
};
