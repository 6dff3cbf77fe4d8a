// zod schemas of the CAPA covid registry, shared by the form of /regcapa and /regcapa/{id} (conform, in the browser
// and in the action), the list /listado-capa, its exports and the /api/capa-covid calls. Required fields of spec
// part 2 §5 (DNI, locality, positive date, phone); bounds and the rest of ADR 031.
import { z } from "~/lib/zod";
import { todayISO } from "~/lib/dates";
import {
  dniSchema,
  isoDate,
  jsonIntId,
  MSG_DNI_INVALIDO,
  optionalIsoDate,
  positiveIntId,
  queryFlag,
} from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { pagingShape } from "~/lib/table-state";
import { requireVersion, versionField } from "~/lib/version";
import {
  CAPA_MSG,
  EDAD_MAX,
  EDAD_MIN,
  ESQUEMA_DEFAULT,
  ESQUEMAS_VACUNACION,
  fechaPositivoProblem,
  filasConDniRepetido,
  MAX_INTEGRANTES,
  PAGE_SIZE,
  TIPOS_MODULO,
} from "./rules";

/** The form's intents: the member's 'Buscar', and each household row's 'Buscar' (row `i`: 'buscar-integrante:i'). */
export const BUSCAR_AFILIADO = "buscar-afiliado";
const BUSCAR_INTEGRANTE = "buscar-integrante";
export const buscarIntegrante = (i: number) => `${BUSCAR_INTEGRANTE}:${i}`;

/** The row of a household 'Buscar' intent, or null when the value is not one. */
export function filaBuscada(intent: unknown): number | null {
  if (typeof intent !== "string") return null;
  const m = /^buscar-integrante:(\d{1,2})$/.exec(intent);
  return m ? Number(m[1]) : null;
}

export const REQUIRED = "Campo obligatorio";
export const MSG_TELEFONO = "Teléfono inválido: use números, espacios, +, - y paréntesis (al menos 6 dígitos)";
export const MSG_EMAIL = "Email inválido";
export const MSG_ESQUEMA = "Esquema de vacunación inválido: elija Completo o Incompleto";
export const MSG_MODULO = "Tipo de módulo inválido: elija modulo3046 o modulo3047";
export const MSG_AUTORIZACION = "Número de autorización inválido: sólo números, hasta 15 dígitos";
export const MSG_EDAD = `Edad inválida: un número entero de ${EDAD_MIN} a ${EDAD_MAX}`;
export const MSG_INTEGRANTES = "Los integrantes deben ser una lista";
export const MSG_MAX_INTEGRANTES = `Máximo ${MAX_INTEGRANTES} integrantes`;
export const MSG_DNI_REPETIDO = "DNI repetido: el afiliado o un integrante ya tiene ese DNI";
export const MSG_TEXTO = "Debe ser un texto";

/** A DNI field: absent → 'Campo obligatorio'; anything but 7–8 digits → the DNI message. */
const dni = z.string({ error: (issue) => (issue.input === undefined ? REQUIRED : MSG_DNI_INVALIDO) }).pipe(dniSchema);
const tooLong = (max: number) => `Máximo ${max} caracteres`;
/** Blank or null → undefined: an optional field left empty in the form, or sent as null by a client. */
const blank = (v: unknown) => (v == null || (typeof v === "string" && v.trim() === "") ? undefined : v);

const required = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong(max));
const optionalText = (max: number) =>
  z.preprocess(blank, z.string({ error: MSG_TEXTO }).trim().max(max, tooLong(max)).optional());

const PHONE_CHARS = /^[0-9+()\s-]+$/;
const phoneRule = (v: string) => PHONE_CHARS.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6;
const phone = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(40, tooLong(40))
  .refine(phoneRule, MSG_TELEFONO);
const optionalPhone = z.preprocess(
  blank,
  z.string({ error: MSG_TELEFONO }).trim().max(40, tooLong(40)).refine(phoneRule, MSG_TELEFONO).optional(),
);

/** An age: a whole number from 0 to 130; blank / null = unknown. Digits from a form, a number from a client. */
const edad = z.preprocess(
  (v) => {
    const b = blank(v);
    return typeof b === "string" && /^\s*\d{1,3}\s*$/.test(b) ? Number(b) : b;
  },
  z.number({ error: MSG_EDAD }).int(MSG_EDAD).min(EDAD_MIN, MSG_EDAD).max(EDAD_MAX, MSG_EDAD).optional(),
);

/** A household member (integrante): the DNI is required; name and age are filled by 'Buscar' or by hand. */
export const IntegranteSchema = z.object({
  afi_dni_integrante: dni,
  afi_nombre_integrante: optionalText(120),
  afi_edad_integrante: edad,
});
export type IntegranteInput = z.infer<typeof IntegranteSchema>;

/**
 * A CAPA record as the form and the API send it. The member's data (afi_nombre, afi_nro_afi, afi_parentesco,
 * afi_edad), nro_registro, fecha_registracion and cant_integrantes are the server's: any sent are ignored (the
 * registry and the household list decide them, ADR 031).
 */
export const CapaSchema = z
  .object({
    /** PUT /api/capa-covid: the record to modify (the screen takes it from the URL). */
    id: jsonIntId(CAPA_MSG.ID_INVALID).optional(),
    /** The version read (GET, the form's hidden field): an older one is refused with 409 (ADR 047). */
    version: versionField(),
    afi_dni: dni,
    afi_localidad: required(80),
    fecha_positivo: z
      .string({ error: REQUIRED })
      .pipe(isoDate())
      .superRefine((iso, ctx) => {
        const problem = fechaPositivoProblem(iso, todayISO());
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    afi_telefono: phone,
    afi_telefono_alternativo: optionalPhone,
    afi_email: z.preprocess(
      blank,
      z.string({ error: MSG_EMAIL }).trim().max(120, tooLong(120)).pipe(z.email(MSG_EMAIL)).optional(),
    ),
    esquema_vacunacion: z.preprocess(
      blank,
      z.enum(ESQUEMAS_VACUNACION, { error: MSG_ESQUEMA }).default(ESQUEMA_DEFAULT),
    ),
    tipo_modulo: z.preprocess(blank, z.enum(TIPOS_MODULO, { error: MSG_MODULO }).optional()),
    nro_autorizacion_sia: z.preprocess(
      (v) => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? String(v) : blank(v)),
      z
        .string({ error: MSG_AUTORIZACION })
        .trim()
        .regex(/^\d{1,15}$/, MSG_AUTORIZACION)
        .optional(),
    ),
    integrantes: z.preprocess(
      (v) => (v == null ? [] : v),
      z.array(IntegranteSchema, { error: MSG_INTEGRANTES }).max(MAX_INTEGRANTES, MSG_MAX_INTEGRANTES),
    ),
  })
  .superRefine((f, ctx) => {
    const dnis = f.integrantes.map((i) => i.afi_dni_integrante);
    for (const n of filasConDniRepetido(f.afi_dni, dnis))
      ctx.addIssue({ code: "custom", message: MSG_DNI_REPETIDO, path: ["integrantes", n, "afi_dni_integrante"] });
  });
export type CapaInput = z.infer<typeof CapaSchema>;

/** The /regcapa/{id} form: CapaSchema with the version read required (ADR 047 as amended by issue 35). */
export const CapaModificarFormSchema = requireVersion(CapaSchema);

// ---- Ids ------------------------------------------------------------------------------------------------------

/** A record's id in a URL (/regcapa/{id}, /api/capa-covid/{id}). */
export const capaIdSchema = positiveIntId(CAPA_MSG.ID_INVALID);
export const IdParamsSchema = z.object({ id: capaIdSchema });

// ---- The list -------------------------------------------------------------------------------------------------

/** The registration-date range (spec §9: today to today when absent), from ≤ to. Query strings. */
const rangeShape = { fecha_desde: optionalIsoDate(), fecha_hasta: optionalIsoDate() };
type Range = { fecha_desde?: string; fecha_hasta?: string };
const withToday = <T extends Range>(f: T) => {
  const today = todayISO();
  return { ...f, fecha_desde: f.fecha_desde ?? today, fecha_hasta: f.fecha_hasta ?? today };
};
const ordered = (f: { fecha_desde: string; fecha_hasta: string }) => f.fecha_desde <= f.fecha_hasta;
const ORDER = { message: MSG_PERIODO_INVERTIDO, path: ["fecha_hasta"] };

/** The exports' filter: the range only. */
export const CapaFilterSchema = z.object(rangeShape).transform(withToday).refine(ordered, ORDER);
export type CapaFilter = z.output<typeof CapaFilterSchema>;

/** The list (screen and GET /api/capa-covid): the range, page (0-based), size and for_export. */
export const CapaListSchema = z
  .object({
    ...rangeShape,
    ...pagingShape({ size: PAGE_SIZE }),
    for_export: queryFlag(),
  })
  .transform(withToday)
  .refine(ordered, ORDER);
export type CapaListQuery = z.output<typeof CapaListSchema>;

/**
 * The /regcapa screen's own state in its URL after a save (never refused: what cannot be read is no value): ok=1
 * registered, ok=2 modified; n the record's number; at the stamp that identifies that save.
 */
export const capaScreenQuerySchema = z.object({
  ok: z.enum(["1", "2"]).optional().catch(undefined),
  n: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  at: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .catch(undefined),
});
