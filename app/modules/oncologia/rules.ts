// Oncology case rules of spec part 1 §4–§6, once: modes, states, headings, operations, body surface, options.
// Pure: shared by the /nueva-ficha and /buscar-ficha screens, their actions and the /api/onco routes.
import type { Tone } from "~/components/ui";
import { OP, type OperationCode } from "~/auth/operations";
import { addDaysISO, formatDateAR } from "~/lib/dates";
import type { fichasOnco } from "~db/schema/oncologia";

export const ESTADOS_FICHA = ["INGRESO", "CAMBIO_MEDICAMENTO", "REINGRESO"] as const;
export type EstadoFicha = (typeof ESTADOS_FICHA)[number];

/** Buscar Ficha's status filter: TODOS (every status) plus the statuses; the default stays INGRESO (spec §3, §9). */
export const ESTADO_TODOS = "TODOS";
export const ESTADOS_FILTRO = [ESTADO_TODOS, ...ESTADOS_FICHA] as const;
export type EstadoFiltro = (typeof ESTADOS_FILTRO)[number];
export const ESTADO_FILTRO_DEFAULT: EstadoFiltro = "INGRESO";

/**
 * The member's identity on a ficha (issue 26, decision 027 amended): the registry's for the ficha's DNI at every save,
 * whatever the client sent; on the screen these fields are read-only, filled by 'Buscar'.
 */
export const IDENTIDAD_AFILIADO = ["afi_nro_afi", "afi_nombre", "afi_parentesco", "afi_sexo"] as const;
export type IdentidadAfiliado = Record<(typeof IDENTIDAD_AFILIADO)[number], string>;
/**
 * Every member field of the form but the DNI: the identity plus what the clerk confirms with the member (marital
 * status, address, contact), pre-filled by 'Buscar'. Changing the DNI or a failed lookup empties them all.
 */
export const DATOS_AFILIADO = [
  ...IDENTIDAD_AFILIADO,
  "afi_estado_civil",
  "afi_domicilio",
  "afi_localidad",
  "afi_departamento",
  "afi_provincia",
  "afi_telefono",
  "afi_celular",
  "afi_email",
] as const;
/** An identity field the registry leaves blank (a member without a recorded sex, for example). */
export const SIN_DATO_PADRON = "NO REGISTRADO";

/** Case modes: new, update, change_of_drogs, reingreso, and the read-only view. */
export type Mode = "new" | "update" | "change_of_drogs" | "reingreso" | "view";

/** The mode of the form from its operation (URL `op`): empty → new; after creation the form is read-only (view). */
export function modeFromOperation(op: string | null | undefined, hasFicha: boolean): Mode {
  const o = (op ?? "").trim();
  if (o === "update" || o === "change_of_drogs" || o === "reingreso") return hasFicha ? o : "new";
  if (o === "") return hasFicha ? "view" : "new";
  return "view";
}

/** Creation happens when the operation is empty, change_of_drogs or reingreso; update when it is update. */
export function createsFicha(mode: Mode): boolean {
  return mode === "new" || mode === "change_of_drogs" || mode === "reingreso";
}

/** Status set by creation: INGRESO (new), CAMBIO_MEDICAMENTO (drug change), REINGRESO (readmission). */
export function estadoForMode(mode: Mode): EstadoFicha | null {
  if (mode === "new") return "INGRESO";
  if (mode === "change_of_drogs") return "CAMBIO_MEDICAMENTO";
  if (mode === "reingreso") return "REINGRESO";
  return null;
}

/** Heading: 'Nueva Ficha' for new, drug change and readmission; 'Modificar Ficha' for update; else 'Consultar Ficha'. */
export function headingForMode(mode: Mode): string {
  if (createsFicha(mode)) return "Nueva Ficha";
  return mode === "update" ? "Modificar Ficha" : "Consultar Ficha";
}

export function isReadOnly(mode: Mode): boolean {
  return mode === "view";
}

/** Operation codes (spec §6): 1 or 2 save a case; 6 modify; 7 delete; 8 drug change; 9 readmission. */
const SAVE_OPS = [OP.GUARDAR_FICHA_ALTA, OP.GUARDAR_FICHA];

type Perms = { allowed_operation: readonly string[] };
const holds = (p: Perms, code: OperationCode) => p.allowed_operation.includes(code);

/**
 * Who may save in a mode (decision 012): always 1 or 2 (the spec's 'Guardar Ficha'), and for update / drug
 * change / readmission also the operation of that button (6 / 8 / 9).
 */
export function canSave(mode: Mode, p: Perms): boolean {
  if (isReadOnly(mode) || !SAVE_OPS.some((c) => holds(p, c))) return false;
  if (mode === "update") return holds(p, OP.MODIFICAR_FICHA);
  if (mode === "change_of_drogs") return holds(p, OP.CAMBIO_MEDICAMENTO);
  if (mode === "reingreso") return holds(p, OP.REINGRESO);
  return true;
}

/** Edit, delete, drug-change and readmission buttons show only when the case is editable and the user holds the code. */
export function caseActions(ficha: { editable: boolean; activo?: boolean }, p: Perms) {
  const ok = ficha.editable && ficha.activo !== false;
  return {
    modificar: ok && holds(p, OP.MODIFICAR_FICHA),
    eliminar: ok && holds(p, OP.ELIMINAR_FICHA),
    cambioMedicamento: ok && holds(p, OP.CAMBIO_MEDICAMENTO),
    reingreso: ok && holds(p, OP.REINGRESO),
  };
}

/**
 * Drugs are optional (decision 027: surgery-only or radiotherapy-only cases exist), except in a drug change: a
 * CAMBIO_MEDICAMENTO case records the new medication, so it needs at least one drug row (on creation and update).
 */
export function requiresDrugs(estado: EstadoFicha): boolean {
  return estado === "CAMBIO_MEDICAMENTO";
}
export const MSG_DROGA_CAMBIO = "Un cambio de medicamento debe indicar al menos una droga";

/**
 * The dates of a ficha (decision 027). 'hecho': the case date (fecha) and the diagnosis date (fecha_diagnostico),
 * events that already happened: not after today. 'tratamiento': the date of a surgery, chemotherapy, radiotherapy or
 * hormone therapy, which may be scheduled: up to FECHA_MARGEN_DIAS.tratamiento days after today. Never before
 * FECHA_FICHA_MIN (the legacy 'no date' 0001-01-01 and typing errors such as 0202 are refused). Today is the
 * insurer's (Catamarca, todayISO in app/lib/dates.ts), passed by the caller.
 */
const FECHA_FICHA_MIN = "1900-01-01";
const FECHA_MARGEN_DIAS = { hecho: 0, tratamiento: 180 } as const;
export type TipoFechaFicha = keyof typeof FECHA_MARGEN_DIAS;

/** The message when a valid calendar date `iso` is outside the range of its kind; null when it is inside. */
export function fechaFichaFueraDeRango(iso: string, tipo: TipoFechaFicha, today: string): string | null {
  if (iso < FECHA_FICHA_MIN) return `La fecha no puede ser anterior al ${formatDateAR(FECHA_FICHA_MIN)}`;
  const max = addDaysISO(today, FECHA_MARGEN_DIAS[tipo]);
  if (iso <= max) return null;
  return tipo === "hecho"
    ? "La fecha no puede ser posterior a hoy"
    : `La fecha no puede ser posterior al ${formatDateAR(max)}`;
}

/** Status chip colours. */
export function estadoTone(estado: string): Tone {
  if (estado === "INGRESO") return "info";
  if (estado === "CAMBIO_MEDICAMENTO") return "warning";
  if (estado === "REINGRESO") return "success";
  return "neutral";
}

/** Body surface area in m² by the Mosteller formula √(kg × cm / 3600), two decimals (decision 012). */
export function bodySurface(pesoKg: number, tallaCm: number): number | null {
  if (!Number.isFinite(pesoKg) || !Number.isFinite(tallaCm) || pesoKg <= 0 || tallaCm <= 0) return null;
  return Math.round(Math.sqrt((pesoKg * tallaCm) / 3600) * 100) / 100;
}

/** Plausible bounds (decision 012); the body surface of every weight/size inside them lies inside its own bounds. */
export const BOUNDS = {
  peso: { min: 0.5, max: 400 },
  talla: { min: 30, max: 250 },
  sup_corporal: { min: 0.05, max: 5.5 },
} as const;

export const ESTADIOS = ["I", "II", "III", "IV", "V", "a", "b", "A", "B", "C"] as const;
export const PRESENTACIONES = ["Comprimido", "Ampolla"] as const;
export const FRECUENCIAS = Array.from({ length: 30 }, (_, i) => i + 1);

export const PROVINCIAS = [
  "Buenos Aires",
  "Catamarca",
  "Chaco",
  "Chubut",
  "Ciudad Autónoma de Buenos Aires",
  "Córdoba",
  "Corrientes",
  "Entre Ríos",
  "Formosa",
  "Jujuy",
  "La Pampa",
  "La Rioja",
  "Mendoza",
  "Misiones",
  "Neuquén",
  "Río Negro",
  "Salta",
  "San Juan",
  "San Luis",
  "Santa Cruz",
  "Santa Fe",
  "Santiago del Estero",
  "Tierra del Fuego",
  "Tucumán",
] as const;

/** Departments are listed only for Catamarca (16). */
export const DEPARTAMENTOS_CATAMARCA = [
  "Ambato",
  "Ancasti",
  "Andalgalá",
  "Antofagasta de la Sierra",
  "Belén",
  "Capayán",
  "Capital",
  "El Alto",
  "Fray Mamerto Esquiú",
  "La Paz",
  "Paclín",
  "Pomán",
  "Santa María",
  "Santa Rosa",
  "Tinogasta",
  "Valle Viejo",
] as const;

export const DEFAULT_PROVINCIA = "Catamarca";
export const DEFAULT_DEPARTAMENTO = "Capital";

type MonodrogaRow = {
  id: number;
  droga: string;
  mgrs_protocolo: number | null;
  cantidad: number | null;
  dosis_dia: number | null;
  dosis_total: number | null;
  presentacion: string | null;
  presentacion_cantidad: number | null;
  ciclos: number | null;
  frecuencia: number | null;
};

/** A stored fichas_onco row (numeric columns as the driver returns them). */
type FichaRow = typeof fichasOnco.$inferSelect;

/** Every ficha field (numbers as numbers), the organ object, the drug rows, and version / editable / activo. */
export type FichaDetail = Omit<
  FichaRow,
  "peso" | "talla" | "sup_corporal" | "estado_ficha" | "createdAt" | "updatedAt"
> & {
  estado_ficha: EstadoFicha;
  peso: number;
  talla: number;
  sup_corporal: number;
  createdAt: string;
  updatedAt: string;
  organo: { id: number; descripcion: string } | null;
  monodrogas: MonodrogaRow[];
};
