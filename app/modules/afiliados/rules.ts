// Member, coverage and authorisation rules of spec part 1 §4–§9, in one place. Pure: used by screens, PDFs,
// exports and the JSON API alike. Dates are ISO yyyy-mm-dd; `today` is in the insurer's time zone.
import { formatDateAR, isNullDate } from "~/lib/dates";
import type { Tone } from "~/components/ui";
import { checkCuilParts, type CuilParts } from "~db/cuil";

// ---- Member status ------------------------------------------------------------------------------

export type MemberDates = { fechbaja: string | null; fechvto: string | null; motbaja?: string | null };

export type MemberStatus = {
  estado: "ACTIVO" | "INACTIVO";
  /** The sentence shown under the status ('La afiliación vencerá el día …', 'venció el día …', leave reason). */
  detalle: string | null;
  /** Expiry colour of the detail panel: later than today green, today warning, past red; ND without dates. */
  vencimiento: { texto: string; tone: Tone };
};

/** True when the member has not left (fechbaja is the 0001-01-01 sentinel or empty). */
function hasNotLeft(fechbaja: string | null): boolean {
  return isNullDate(fechbaja);
}

/**
 * Affiliate status (spec part 1 §4): ACTIVO when fechbaja is the sentinel and the expiry is empty or not past
 * (an expiry of today still counts: it expires at the end of the day, shown in the warning colour); otherwise
 * INACTIVO, with the leave reason and date when the member left.
 */
export function memberStatus(m: MemberDates, today: string): MemberStatus {
  const vencimiento = expiry(m, today);
  if (!hasNotLeft(m.fechbaja)) {
    const motivo = m.motbaja?.trim() ? ` (${m.motbaja.trim()})` : "";
    return { estado: "INACTIVO", detalle: `Baja el día ${formatDateAR(m.fechbaja)}${motivo}`, vencimiento };
  }
  if (isNullDate(m.fechvto)) return { estado: "ACTIVO", detalle: null, vencimiento };
  if (m.fechvto! < today) {
    return { estado: "INACTIVO", detalle: `La afiliación venció el día ${formatDateAR(m.fechvto)}`, vencimiento };
  }
  return { estado: "ACTIVO", detalle: `La afiliación vencerá el día ${formatDateAR(m.fechvto)}`, vencimiento };
}

function expiry(m: MemberDates, today: string): { texto: string; tone: Tone } {
  if (isNullDate(m.fechvto)) return { texto: "ND", tone: "neutral" };
  const texto = formatDateAR(m.fechvto);
  if (m.fechvto! > today) return { texto, tone: "success" };
  if (m.fechvto === today) return { texto, tone: "warning" };
  return { texto, tone: "danger" };
}

/** List row status (spec part 1 §4): ACTIVO when the leaving date is the sentinel, else INACTIVO. */
export function listRowStatus(fechbaja: string | null): "ACTIVO" | "INACTIVO" {
  return hasNotLeft(fechbaja) ? "ACTIVO" : "INACTIVO";
}

/** Inactive or expired rows of the member list show red. */
export function listRowIsRed(m: MemberDates, today: string): boolean {
  return memberStatus(m, today).estado === "INACTIVO";
}

// ---- Coverage status ----------------------------------------------------------------------------

/**
 * Coverage status (spec part 1 §4): ACTIVA when the member has not left and the coverage end is the sentinel,
 * empty, or today or later; otherwise INACTIVA.
 */
export function coverageStatus(
  c: { fechbaja: string | null; enprfecbaj: string | null },
  today: string,
): "ACTIVA" | "INACTIVA" {
  if (!hasNotLeft(c.fechbaja)) return "INACTIVA";
  return isNullDate(c.enprfecbaj) || c.enprfecbaj! >= today ? "ACTIVA" : "INACTIVA";
}

// ---- Periods with legacy dates ---------------------------------------------------------------------

/** What a missing date (empty or 0001-01-01) reads in the reciprocity agreement (ADR 019). */
const NO_DATE_TEXT = "Sin fecha";

/** dd/mm/yyyy, or 'Sin fecha' when the date is missing. */
export function dateOrSinFecha(d: string | null | undefined): string {
  return isNullDate(d) ? NO_DATE_TEXT : formatDateAR(d);
}

/** 'dd/mm/yyyy al dd/mm/yyyy'; 'Desde …' or 'Hasta …' with one date; 'Sin fecha' with neither. */
export function periodText(desde: string | null | undefined, hasta: string | null | undefined): string {
  const [d, h] = [isNullDate(desde), isNullDate(hasta)];
  if (d && h) return NO_DATE_TEXT;
  if (h) return `Desde ${formatDateAR(desde)}`;
  if (d) return `Hasta ${formatDateAR(hasta)}`;
  return `${formatDateAR(desde)} al ${formatDateAR(hasta)}`;
}

// ---- Retirees and CUIL --------------------------------------------------------------------------

const RETIREE_GROUPS = ["01", "02", "03", "04", "05", "06", "99"] as const;

/** Retirees (groups 01–06 and 99) see the retiree form of the contributions table. */
export function isRetiree(grupo: string | null | undefined): boolean {
  const g = (grupo ?? "").trim().padStart(2, "0");
  return (RETIREE_GROUPS as readonly string[]).includes(g);
}

export const CUIL_MISSING_LONG =
  "NO REGISTRADO. No podrá comprar medicación en farmacia. Diríjase al Dpto. Afiliaciones de OSEP";
export const CUIL_MISSING_SHORT = "NO REGISTRADO!!!";

/** A present CUIL that fails the rule (prefix or check digit): shown, flagged, never hidden (ADR 019). */
export const CUIL_INVALID_NOTE = "CUIL inválido: verifique sus datos en el Dpto. Afiliaciones de OSEP";
const CUIL_INVALID_SHORT = "(INVÁLIDO)";

export { checkCuilParts, isValidCuil, type CuilParts } from "~db/cuil";

/**
 * The CUIL as 11 digits (prefix, central number, check digit: the key of the contributions), or null when the
 * registry has none (a part missing or blank, or the 00-00000000 placeholder) or its parts are malformed. A
 * check digit of 0 is a digit like any other. A well-formed CUIL with a wrong check digit still gives its
 * digits: contributions are filed under what the employer reported.
 */
export function cuilDigits(p: CuilParts): string | null {
  const c = checkCuilParts(p);
  return c.kind === "missing" ? null : c.digits;
}

/**
 * 'XX-XXXXXXXX-X' for a valid CUIL; the spec's 'NO REGISTRADO' text when it is missing (long on the detail
 * panel and the public page, short elsewhere); a present but invalid CUIL is shown as registered with
 * '(INVÁLIDO)' or the long note (docs/decisions/019-cuil-and-member-lookup.md).
 */
export function cuilText(p: CuilParts, form: "long" | "short" = "short"): string {
  const c = checkCuilParts(p);
  if (c.kind === "missing") return form === "long" ? CUIL_MISSING_LONG : CUIL_MISSING_SHORT;
  if (c.kind === "valid") return c.text;
  return form === "long" ? `${c.text}. ${CUIL_INVALID_NOTE}` : `${c.text} ${CUIL_INVALID_SHORT}`;
}

/** Age in whole years on `today` from a birth date; null when unknown. */
export function ageOn(baperfenac: string | null, today: string): number | null {
  if (isNullDate(baperfenac) || !/^\d{4}-\d{2}-\d{2}$/.test(baperfenac!)) return null;
  const [by, bm, bd] = baperfenac!.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

// ---- Authorisations -----------------------------------------------------------------------------

export type AuthLike = { autorizo: string | null; modalidad: string | null; fechavto: string | null };

/** A PREVIA whose expiry date is today or earlier counts as expired (VENCIDA). */
export function isVencida(a: AuthLike, today: string): boolean {
  return (a.modalidad ?? "").trim() === "PREVIA" && !isNullDate(a.fechavto) && a.fechavto!.slice(0, 10) <= today;
}

/**
 * Row colour of an authorisation: PREVIA with passed due date orange (warning); denied rows red text;
 * DIF/OTRO green. Other AUTORIZADA rows are plain.
 */
export function authRowTone(a: AuthLike, today: string): Tone | null {
  const autorizo = (a.autorizo ?? "").trim();
  if (autorizo === "DENEGADA") return "danger";
  if (autorizo === "DIF/OTRO") return "success";
  if (isVencida(a, today)) return "warning";
  return null;
}

const PAYMENT: Record<string, string> = { PAG: "PAGADO", SIN: "SIN ACUERDO COSEGURO", GEN: "COSEGURO $0" };

/** Payment status label: PAG = PAGADO, SIN = SIN ACUERDO COSEGURO, GEN = COSEGURO $0; others as they come. */
export function paymentLabel(tipopago: string | null): string {
  const code = (tipopago ?? "").trim();
  return PAYMENT[code] ?? code;
}

/** Ambulatory / inpatient: 'A' = AMBULATORIO; otherwise INTERNACIÓN with its number. */
export function ambIntLabel(estadoambint: string | null, nrointernacion: string | number | null): string {
  if ((estadoambint ?? "").trim() === "A") return "AMBULATORIO";
  return nrointernacion ? `INTERNACIÓN N° ${nrointernacion}` : "INTERNACIÓN";
}

/** The auditor's code, or 'SIN AUDITORIA' unless the user code starts with AUD. */
export function auditorLabel(usuarioauditoria: string | null): string {
  const u = (usuarioauditoria ?? "").trim();
  return u.toUpperCase().startsWith("AUD") ? u : "SIN AUDITORIA";
}

export type PracticeCounters = {
  emitidas: number;
  consumidas_vigentes: number;
  previas: number;
  consumos: number;
  simultaneas: number;
  denegadas: number;
  diferidas: number;
  vencidas: number;
};

/**
 * Practice dialog counters (spec part 1 §9), see docs/decisions/005-member-rules.md: issued = all;
 * consumed/valid = AUTORIZADA and not expired; previas, consumed and simultaneous by modality; denied,
 * deferred by state; expired = VENCIDA PREVIAs.
 */
export function practiceCounters(rows: AuthLike[], today: string): PracticeCounters {
  const c: PracticeCounters = {
    emitidas: 0,
    consumidas_vigentes: 0,
    previas: 0,
    consumos: 0,
    simultaneas: 0,
    denegadas: 0,
    diferidas: 0,
    vencidas: 0,
  };
  for (const a of rows) {
    const autorizo = (a.autorizo ?? "").trim();
    const modalidad = (a.modalidad ?? "").trim();
    const vencida = isVencida(a, today);
    c.emitidas++;
    if (autorizo === "AUTORIZADA" && !vencida) c.consumidas_vigentes++;
    if (modalidad === "PREVIA") c.previas++;
    if (modalidad === "CONSUMO") c.consumos++;
    if (modalidad === "AUT Y CONS SIMULTANEO") c.simultaneas++;
    if (autorizo === "DENEGADA") c.denegadas++;
    if (autorizo === "DIF/OTRO") c.diferidas++;
    if (vencida) c.vencidas++;
  }
  return c;
}

export type Afiliado = {
  idafi: number;
  apeynom: string;
  numdoc: string;
  nroafi: string;
  cuil_prefijo: string | null;
  cuil_nrocentral: string | null;
  cuil_dtoverific: string | null;
  grupo: string;
  nromedio: string;
  nroparentesco: string;
  descparentesco: string;
  baperfenac: string | null;
  sexocodigo: string | null;
  escivilcod: string | null;
  estcivil: string | null;
  fechalta: string | null;
  fechbaja: string;
  fechvto: string | null;
  motbaja: string | null;
  aficategoria: string | null;
  descclasificacion: string | null;
  plan: string | null;
  tipoconvenio: string | null;
};

type Domicilio = {
  bedomcalle: string | null;
  bedomnumer: string | null;
  localidad: string | null;
  departamento: string | null;
  provincia: string | null;
  codpostal: string | null;
  telefono: string | null;
  telcelular: string | null;
  email: string | null;
};

export type Familiar = {
  idafi: number;
  apeynom: string;
  familiar: string;
  descparentesco: string;
  numdoc: string;
  fechbaja: string;
};

export type Plan = {
  gravcodgra: number;
  gravdesgra: string;
  cobcaract: string | null;
  cobsubcaract: string | null;
  enprfecvig: string;
  enprfecbaj: string;
  enprfecinf: string | null;
};

export type MemberDetail = { afiliado: Afiliado; domicilio: Domicilio | null; familiares: Familiar[]; planes: Plan[] };

export type Nota = { fecha_cambio: string; descripcion_cambio: string; nombre_usuario: string | null };

export type Aporte = {
  fecha: string;
  cuit: string;
  nro_legajo: string | null;
  ubicacion: string | null;
  rem_imponible: string | null;
  rem_no_imponible: string | null;
  aporte_afiliado: string | null;
  aporte_patronal: string | null;
  aporte_trasplantado: string | null;
  aporte_solidario: string | null;
  aporte_contribucion_solidario: string | null;
  nro_beneficio_jub: string | null;
  nro_concepto_jub: string | null;
  beneficio: string | null;
  suma_beneficios: string | null;
  concepto: string | null;
};
