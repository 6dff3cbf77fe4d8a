// Zod schemas of the authorisation, stay and pharmacy-consumption filters (spec part 1 §3, §7), shared by the
// member detail tabs, the Excel exports and the JSON API. Messages in Spanish; an inverted range is an error.
import { z } from "zod";

export const INVERTED_RANGE = "La fecha desde no puede ser posterior a la fecha hasta";
export const BAD_DATE = "Fecha inválida (formato aaaa-mm-dd)";
export const BAD_IDAFI = "El id de afiliado no es válido";
export const BAD_COBERTURA = "La cobertura debe ser TODAS o un código numérico";
export const BAD_DNI = "El DNI debe tener 7 u 8 dígitos";
export const BAD_NROINTERNACION = "El número de internación no es válido";
export const NEED_MEMBER = "Debe indicar un afiliado (idafi) o una internación (nrointernacion)";
export const TODAS = "TODAS";

function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** An optional ISO date ('' = not given); accepts a leading yyyy-mm-dd of an ISO timestamp. */
export const optionalIsoDate = z
  .string()
  .max(40, BAD_DATE)
  .optional()
  .transform((v) => {
    const s = (v ?? "").trim();
    return s === "" ? undefined : /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
  })
  .refine((v) => v === undefined || isCalendarDate(v), BAD_DATE);

const positiveId = (msg: string) =>
  z
    .string()
    .max(12, msg)
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || /^\d{1,9}$/.test(v), msg)
    .transform((v) => (v === "" ? undefined : Number(v)))
    .refine((v) => v === undefined || v > 0, msg);

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

function rangeOk(v: { fecha_desde?: string; fecha_hasta?: string }): boolean {
  return !v.fecha_desde || !v.fecha_hasta || v.fecha_desde <= v.fecha_hasta;
}

/** GET /api/afiliado/autorizaciones and the authorisations list: nrointernacion, idafi, cobertura, dates, consultaGlobal. */
export const AutorizacionesQuerySchema = z
  .object({
    idafi: positiveId(BAD_IDAFI),
    nrointernacion: positiveId(BAD_NROINTERNACION),
    cobertura: coberturaParam,
    fecha_desde: optionalIsoDate,
    fecha_hasta: optionalIsoDate,
    consultaGlobal: flag,
  })
  .refine(rangeOk, { message: INVERTED_RANGE, path: ["fecha_desde"] });
export type AutorizacionesQuery = z.infer<typeof AutorizacionesQuerySchema>;

/** GET /api/afiliado/autorizacion: id (referenced authorisation number) and practica. */
export const AutorizacionQuerySchema = z.object({
  id: z
    .string({ error: "Debe indicar el número de autorización referenciada (id)" })
    .trim()
    .regex(/^\d{1,15}$/, "El número de autorización no es válido")
    .transform(Number),
  practica: z
    .string({ error: "Debe indicar la práctica" })
    .trim()
    .min(1, "Debe indicar la práctica")
    .max(20, "La práctica no es válida")
    .regex(/^[0-9A-Za-z.\-/]+$/, "La práctica no es válida"),
});

/** GET /api/afiliado/internaciones: idafi and cobertura (TODAS). */
export const InternacionesQuerySchema = z.object({
  idafi: positiveId(BAD_IDAFI).refine((v) => v !== undefined, "Debe indicar el afiliado (idafi)"),
  cobertura: coberturaParam,
});

/** GET /api/consumomedicamentos/: dni, fecha_desde, fecha_hasta (dispensing dates). */
export const ConsumoQuerySchema = z
  .object({
    dni: z
      .string({ error: "Debe indicar el DNI" })
      .trim()
      .regex(/^\d{7,8}$/, BAD_DNI),
    fecha_desde: optionalIsoDate,
    fecha_hasta: optionalIsoDate,
  })
  .refine(rangeOk, { message: INVERTED_RANGE, path: ["fecha_desde"] });

/** The first Spanish message of a failed parse. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Datos inválidos";
}
