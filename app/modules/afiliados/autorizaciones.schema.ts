// Zod schemas of the authorisation, stay and pharmacy-consumption filters (spec part 1 §3, §7), shared by the
// member detail tabs, the Excel exports and the JSON API. Built from the kinds of value of ~/lib/input (the member
// id, the DNI, the calendar date); messages in Spanish; an inverted range is an error (either end may be open).
// At the end, the browser-safe shapes of the tabs' data (rows, filters, panels) the components show.
import { z } from "~/lib/zod";
import {
  blankToUndefined,
  dniSchema,
  idafiSchema,
  optionalIsoDate,
  positiveIntId,
  nroAutorizacionSchema,
} from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import type { QueryPairs } from "./detalle-query";

export const BAD_COBERTURA = "La cobertura debe ser TODAS o un código numérico";
export const BAD_NROINTERNACION = "El número de internación no es válido";
export const BAD_PRACTICA = "El código de práctica no es válido";
export const NEED_MEMBER = "Debe indicar un afiliado (idafi) o una internación (nrointernacion)";
export const TODAS = "TODAS";

/** A stay's number (numero_orden, which authorisations carry as nrointernacion). */
export const nroInternacionSchema = positiveIntId(BAD_NROINTERNACION);

/** A practice code ('42.01.01'): letters, digits and . - / _ only. */
export const practicaSchema = z
  .string({ error: BAD_PRACTICA })
  .trim()
  .regex(/^[\w.\-/]{1,30}$/, BAD_PRACTICA);

/** An optional query value: blank or absent → undefined, anything else must be `schema`. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/** A required query value whose absence (or blank) says `missing`, and whose bad value says the schema's message. */
const required = <S extends z.ZodType<unknown, string>>(schema: S, missing: string) =>
  z.preprocess(blankToUndefined, z.string({ error: missing }).pipe(schema));

/** The rule of every optional date range here: when both ends are given, from ≤ to (reported on `from`). */
function fechasEnOrden<F extends string, T extends string>(from: F, to: T) {
  return (v: Partial<Record<F | T, string>>, ctx: z.RefinementCtx) => {
    const [a, b] = [v[from], v[to]];
    if (a && b && a > b) ctx.addIssue({ code: "custom", message: MSG_PERIODO_INVERTIDO, path: [from] });
  };
}

/** 'TODAS' (default) or a coverage code. */
export const coberturaParam = z
  .string()
  .max(12, BAD_COBERTURA)
  .optional()
  .transform((v) => (v ?? "").trim().toUpperCase())
  .refine((v) => v === "" || v === TODAS || /^\d{1,4}$/.test(v), BAD_COBERTURA)
  .transform((v): number | typeof TODAS => (v === "" || v === TODAS ? TODAS : Number(v)));

const flag = z
  .string()
  .max(10)
  .optional()
  .transform((v) => ["true", "1", "si", "sí", "on"].includes((v ?? "").trim().toLowerCase()));

/** GET /api/afiliado/autorizaciones and the authorisations list: nrointernacion, idafi, cobertura, dates, consultaGlobal. */
export const AutorizacionesQuerySchema = z
  .object({
    idafi: optional(idafiSchema),
    nrointernacion: optional(nroInternacionSchema),
    cobertura: coberturaParam,
    fecha_desde: optionalIsoDate(),
    fecha_hasta: optionalIsoDate(),
    consultaGlobal: flag,
  })
  .superRefine(fechasEnOrden("fecha_desde", "fecha_hasta"));
export type AutorizacionesQuery = z.infer<typeof AutorizacionesQuerySchema>;

/**
 * GET /api/afiliado/autorizaciones as the filter it runs: a member, a stay or consultaGlobal is required, and a
 * member's list ends `today` unless fecha_hasta says otherwise (a stay is listed whole, a global query unbounded).
 */
export function autorizacionesApiSchema(today: string) {
  return AutorizacionesQuerySchema.refine((q) => q.idafi != null || q.nrointernacion != null || q.consultaGlobal, {
    message: NEED_MEMBER,
    path: ["idafi"],
  })
    .transform((q) => {
      const memberView = !q.consultaGlobal && q.nrointernacion == null;
      return { ...q, fecha_hasta: q.fecha_hasta ?? (memberView ? today : undefined) };
    })
    .superRefine(fechasEnOrden("fecha_desde", "fecha_hasta"));
}

/** The member's authorisation list on screen and in its Excel (the member comes from the URL path). */
export const AutorizacionesTabSchema = z
  .object({ fecha_desde: optionalIsoDate(), fecha_hasta: optionalIsoDate(), cobertura: coberturaParam })
  .superRefine(fechasEnOrden("fecha_desde", "fecha_hasta"));

/** The member's 'Consumo Medicamentos' on screen: dispensing dates. */
export const MedicamentosTabSchema = z
  .object({ dispensa_desde: optionalIsoDate(), dispensa_hasta: optionalIsoDate() })
  .superRefine(fechasEnOrden("dispensa_desde", "dispensa_hasta"));

/** GET /api/afiliado/autorizacion: id (referenced authorisation number) and practica. */
export const AutorizacionQuerySchema = z.object({
  id: required(nroAutorizacionSchema, "Debe indicar el número de autorización referenciada (id)"),
  practica: required(practicaSchema, "Debe indicar la práctica"),
});

/** GET /api/afiliado/internaciones: idafi and cobertura (TODAS). */
export const InternacionesQuerySchema = z.object({
  idafi: required(idafiSchema, "Debe indicar el afiliado (idafi)"),
  cobertura: coberturaParam,
});

/** GET /api/consumomedicamentos/: dni, fecha_desde, fecha_hasta (dispensing dates). */
export const ConsumoQuerySchema = z
  .object({
    dni: required(dniSchema, "Debe indicar el DNI"),
    fecha_desde: optionalIsoDate(),
    fecha_hasta: optionalIsoDate(),
  })
  .superRefine(fechasEnOrden("fecha_desde", "fecha_hasta"));

export type AutorizacionRow = {
  id: number;
  idafi: number | null;
  nroautorizacion: number;
  numautreferenciada: number | null;
  num_exp: string | null;
  nroafiliado: string | null;
  nombreafiliado: string | null;
  cuil: string | null;
  practica: string;
  subitem: string | null;
  descpractica: string | null;
  cobertura: number | null;
  desccobertura: string | null;
  autorizo: string;
  modalidad: string;
  estadoambint: string | null;
  nrointernacion: number | null;
  fecha: string;
  hora: string | null;
  fechaemision: string | null;
  fechasolicitud: string | null;
  fechavto: string | null;
  cantidad: number;
  tipopago: string | null;
  coseguro: string | null;
  estado: string | null;
  entidad: string | null;
  delegacion: string | null;
  tipo_delegacion: string | null;
  usuarioauditoria: string | null;
  matmedprescriptor: string | null;
  nommedprescriptor: string | null;
  matmedefector: string | null;
  nommedefector: string | null;
  autoken: string | null;
  montoautgasto: string | null;
  montoauthonorario: string | null;
};

export type ConsumoRow = {
  id: number;
  farma_mombre: string | null;
  farma_provincia: string | null;
  farma_prestador: string | null;
  fecha_receta: string;
  fecha_dispensa: string;
  producto: string | null;
  cant_unidades: number | null;
  descuento: string | null;
  plan_programa: string | null;
};

export type InternacionRow = {
  numero_orden: number;
  idafi: number;
  fecha_interna: string;
  dias_solic: number | null;
  dias_autorizados: number | null;
  fecha_salida: string | null;
  oi_cobertura: string | null;
  tipo_interna: string | null;
  entidad_nombre: string | null;
};

export type InternacionesData = {
  idafi: number;
  /** Today in the insurer's time zone (row colours). */
  today: string;
  /** Query parameters to keep in links (tab and the other tabs' state). */
  keep: QueryPairs;
  rows: InternacionRow[];
  /** The stay whose authorisations are open (?internacion=N). */
  selected: { numero: number; autorizaciones: AutorizacionRow[]; excelHref: string } | null;
  error: string | null;
};

export type FichaConsumoSub = "autorizaciones" | "medicamentos";

/** What opens over the authorisation list: one authorisation's detail, one practice's counters, or 'Resumen'. */
export type AuthPanel =
  { kind: "detalle"; nroautorizacion: number } | { kind: "practica"; practica: string } | { kind: "resumen" };

export type CoberturaOption = { value: string; label: string };

export type AutorizacionesTabData = {
  filter: { fecha_desde: string; fecha_hasta: string; cobertura: string };
  coberturas: CoberturaOption[];
  rows: AutorizacionRow[];
  /** More rows matched than the screen shows (the Excel holds them all). */
  truncated: boolean;
  limit: number;
  error: string | null;
  excelHref: string | null;
  /** The panel the URL asks for (?autorizacion=, ?practica=, ?resumen=1), when it is in the list. */
  open: AuthPanel | null;
  /** Why the asked panel could not open (unknown or malformed number or practice). */
  panelError: string | null;
  /** The list with its filters and no panel ('Cerrar'); panel links add their one parameter to it. */
  listHref: string;
};

export type MedicamentosTabData = {
  filter: { dispensa_desde: string; dispensa_hasta: string };
  rows: ConsumoRow[];
  truncated: boolean;
  limit: number;
  error: string | null;
};

export type FichaConsumoData = {
  idafi: number;
  /** Today in the insurer's time zone (row colours, VENCIDA, counters). */
  today: string;
  sub: FichaConsumoSub;
  keep: QueryPairs;
  autorizaciones: AutorizacionesTabData | null;
  medicamentos: MedicamentosTabData | null;
};
