// Zod schemas of the authorisation, stay and pharmacy-consumption filters (spec part 1 §3, §7), shared by the
// member detail tabs, the Excel exports and the JSON API. Built from the kinds of value of ~/lib/input (the member
// id, the DNI, the calendar date); messages in Spanish; an inverted range is an error (either end may be open).
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
