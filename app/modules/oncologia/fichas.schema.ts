// zod schemas of the oncology forms, shared by /nueva-ficha (conform, browser and action), /buscar-ficha and
// the /api/onco routes. Required fields of spec part 1 §5; bounds of decision 012; optional drugs, date ranges and
// bounded ids of decision 027.
import { z } from "~/lib/zod";
import { todayISO } from "~/lib/dates";
import {
  blankToUndefined,
  dniSchema,
  isoDate,
  jsonIntId,
  MAX_INT_ID,
  optionalIsoDate,
  positiveIntId,
} from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { FICHA_MSG } from "./fichas.messages";
import {
  BOUNDS,
  ESTADIOS,
  ESTADO_FILTRO_DEFAULT,
  ESTADOS_FILTRO,
  fechaFichaFueraDeRango,
  FRECUENCIAS,
  PRESENTACIONES,
  type TipoFechaFicha,
} from "./rules";

/** Buscar Ficha's delete form (operation 7): its intent, and the ficha its confirmation names. */
export const DELETE_INTENT = "eliminar";
export type DeleteTarget = { id: number; nro_ficha: number; afi_nombre: string };

export const REQUIRED = "Campo obligatorio";
export const MSG_ID_FICHA = "Id de ficha inválido";
export const MSG_VERSION_FICHA = "Versión de ficha inválida";

const text = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres`);
const required = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Máximo ${max} caracteres`);
const optionalText = (max: number) => text(max).optional();
/**
 * For a cross-field rule: run it only when those fields passed their own rules (zod would hand it the raw values) and
 * the input is an object at all (a root issue: null, a number… would reach the rule as is).
 */
const whenValid =
  (...keys: string[]) =>
  (payload: z.core.ParsePayload): boolean =>
    !payload.issues.some((i) => !i.path?.length || keys.includes(String(i.path[0])));

/** A required field of the form: absent → 'Campo obligatorio', then the kind's own rule. */
const requiredDate = z.string({ error: REQUIRED }).pipe(isoDate());
// Blank boxes reach the schema as absent (conform), so the form's optional dates need no blank handling here.
const formOptionalDate = isoDate().optional();
const number = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what}: ingrese un número` })
    .min(min, `${what}: mínimo ${min}`)
    .max(max, `${what}: máximo ${max}`);
const int = (min: number, max: number, what: string) =>
  number(min, max, what).int(`${what}: debe ser un número entero`);

/** A drug row: every field but dosis_total is required, so a half-filled row errors on that row. */
export const MonodrogaSchema = z.object({
  droga: required(120),
  mgrs_protocolo: number(0.01, 100_000, "mg del protocolo"),
  cantidad: int(1, 365, "Días de protocolo"),
  dosis_dia: number(0.01, 100_000, "Dosis por día"),
  dosis_total: number(0.01, 10_000_000, "Dosis total").optional(),
  presentacion: z.enum(PRESENTACIONES, { error: "Elija Comprimido o Ampolla" }),
  presentacion_cantidad: int(1, 10_000, "Cantidad por presentación"),
  ciclos: int(1, 100, "Ciclos"),
  frecuencia: int(FRECUENCIAS[0], FRECUENCIAS[FRECUENCIAS.length - 1], "Frecuencia (días)"),
});
export type MonodrogaInput = z.infer<typeof MonodrogaSchema>;

const isBlank = (v: unknown) => v == null || (typeof v === "string" && v.trim() === "");
/**
 * The drug rows (decision 027): optional (absent = none), at most 30. A row left wholly blank (the form's first,
 * empty row) is no drug and is dropped; a partly filled row errors on its own fields, at its own index.
 */
const monodrogasSchema = z
  .preprocess(
    (v) =>
      v === undefined
        ? []
        : Array.isArray(v)
          ? v.map((row) =>
              row && typeof row === "object" && Object.values(row as object).every(isBlank) ? undefined : row,
            )
          : v,
    z.array(MonodrogaSchema.optional(), { error: "Las drogas deben ser una lista" }).max(30, "Máximo 30 drogas"),
  )
  .transform((rows) => rows.filter((r): r is MonodrogaInput => r !== undefined));

/** Each date of a ficha with the kind of its range (rules.ts fechaFichaFueraDeRango); a treatment's only when checked. */
const FECHAS: readonly { key: string; tipo: TipoFechaFicha; when?: string }[] = [
  { key: "fecha", tipo: "hecho" },
  { key: "fecha_diagnostico", tipo: "hecho" },
  { key: "fecha_cirugia", tipo: "tratamiento", when: "cirugia" },
  { key: "fecha_quimioterapia", tipo: "tratamiento", when: "quimioterapia" },
  { key: "fecha_radioterapia", tipo: "tratamiento", when: "radioterapia" },
  { key: "fecha_homonoterapia", tipo: "tratamiento", when: "homonoterapia" },
];

export const FichaSchema = z
  .object({
    /** Present when modifying (and the version read, for the stale-update check). */
    id: jsonIntId(MSG_ID_FICHA).optional(),
    version: jsonIntId(MSG_VERSION_FICHA).optional(),
    fecha: requiredDate,
    afi_dni: z.string({ error: REQUIRED }).pipe(dniSchema),
    afi_nro_afi: required(20),
    afi_parentesco: required(40),
    afi_sexo: required(20),
    afi_nombre: required(120),
    afi_estado_civil: required(40),
    afi_domicilio: required(200),
    afi_localidad: required(80),
    afi_departamento: optionalText(80),
    afi_provincia: optionalText(80),
    afi_telefono: optionalText(40),
    afi_celular: optionalText(40),
    afi_email: z.email("Email inválido").max(120).optional().or(z.literal("")),
    hospital: optionalText(120),
    prescriptor_nombre: optionalText(120),
    prescriptor_matricula_prof: optionalText(20),
    prescriptor_matricula_espe: optionalText(20),
    prescriptor_email: z.email("Email inválido").max(120).optional().or(z.literal("")),
    fecha_diagnostico: requiredDate,
    edad_al_dianostico_anios: int(0, 120, "Edad (años)").optional(),
    edad_al_dianostico_meses: int(0, 11, "Edad (meses)").optional(),
    diagnostico_histologico: required(500),
    organoId: z.number({ error: REQUIRED }).int(REQUIRED).min(1, REQUIRED).max(MAX_INT_ID, FICHA_MSG.ORGANO_NOT_FOUND),
    resumen_historia_clinica: required(5000),
    estudios_realizados: optionalText(5000),
    controles_previos: optionalText(5000),
    estado_actual: z.boolean().default(false),
    estado_adyuvancia: z.boolean().default(false),
    estado_avanzado: z.boolean().default(false),
    cirugia: z.boolean().default(false),
    fecha_cirugia: formOptionalDate,
    tipo_cirugia: optionalText(500),
    quimioterapia: z.boolean().default(false),
    fecha_quimioterapia: formOptionalDate,
    esquema_quimioterapia: optionalText(500),
    radioterapia: z.boolean().default(false),
    fecha_radioterapia: formOptionalDate,
    esquema_radioterapia: optionalText(500),
    homonoterapia: z.boolean().default(false),
    fecha_homonoterapia: formOptionalDate,
    esquema_homonoterapia: optionalText(500),
    diagnostico: required(1000),
    estadio: z.enum(ESTADIOS, { error: "Estadio inválido" }).optional(),
    peso: number(BOUNDS.peso.min, BOUNDS.peso.max, "Peso (kg)"),
    talla: number(BOUNDS.talla.min, BOUNDS.talla.max, "Talla (cm)"),
    sup_corporal: number(BOUNDS.sup_corporal.min, BOUNDS.sup_corporal.max, "Superficie corporal (m²)"),
    observacion: optionalText(5000),
    monodrogas: monodrogasSchema,
  })
  // Each date within the range of its kind (rules.ts), once it passed its own calendar check.
  .check((payload) => {
    const today = todayISO();
    const values = payload.value as unknown as Record<string, unknown>;
    for (const { key, tipo, when } of FECHAS) {
      const iso = values[key];
      if (typeof iso !== "string" || (when && values[when] !== true) || !whenValid(key)(payload)) continue;
      const message = fechaFichaFueraDeRango(iso, tipo, today);
      if (message) payload.issues.push({ code: "custom", message, path: [key], input: iso });
    }
  })
  .refine((f) => f.fecha_diagnostico <= f.fecha, {
    message: "La fecha de diagnóstico no puede ser posterior a la fecha de la ficha",
    path: ["fecha_diagnostico"],
    when: whenValid("fecha", "fecha_diagnostico"),
  });
export type FichaInput = z.infer<typeof FichaSchema>;

export const MSG_DNI_FILTRO = "DNI inválido: ingrese sólo números (hasta 8 dígitos)";
/**
 * The DNI of the Buscar Ficha filter: digits only, up to 8 (the filter takes shorter numbers too, and finds the
 * cases of exactly that DNI). Blank = any member. The screen, its PDF and POST /api/onco/buscarporfiltro share it.
 */
export const dniFiltroSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: MSG_DNI_FILTRO })
    .trim()
    .regex(/^\d{1,8}$/, MSG_DNI_FILTRO)
    .optional(),
);

export const MSG_ORGANO_FILTRO = "Órgano inválido: elija TODOS o un órgano de la lista";
/**
 * The organ of the Buscar Ficha filter: -1 (TODOS, the default when blank or absent) or an organ id that fits the
 * integer column; as a number (API) or digits (URL). Anything else is a field error, never a database error.
 */
export const organoFiltroSchema = z.preprocess(
  (v) => (v == null || isBlank(v) ? -1 : typeof v === "string" && /^\s*-?\d{1,12}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: MSG_ORGANO_FILTRO })
    .refine((n) => n === -1 || (Number.isInteger(n) && n >= 1 && n <= MAX_INT_ID), MSG_ORGANO_FILTRO),
);

/** Buscar Ficha filter (spec §3): estado_ficha default INGRESO (TODOS = every status), organoId default -1 (TODOS). */
export const FichaFilterSchema = z
  .object({
    afi_dni: dniFiltroSchema,
    fecha_desde: optionalIsoDate(),
    fecha_hasta: optionalIsoDate(),
    estado_ficha: z.enum(ESTADOS_FILTRO).default(ESTADO_FILTRO_DEFAULT).catch(ESTADO_FILTRO_DEFAULT),
    organoId: organoFiltroSchema,
  })
  // Both dates are optional and the search has no length limit: only the order of the period rule applies.
  .refine((f) => !f.fecha_desde || !f.fecha_hasta || f.fecha_desde <= f.fecha_hasta, {
    message: MSG_PERIODO_INVERTIDO,
    path: ["fecha_hasta"],
    when: whenValid("fecha_desde", "fecha_hasta"),
  });
export type FichaFilter = z.infer<typeof FichaFilterSchema>;

/** A case's id in a URL (/api/onco/buscarporid/{id}, ?ver=N, ?eliminar=N, ?id=N) or a form field. */
export const fichaIdSchema = positiveIntId(MSG_ID_FICHA);

/**
 * The /nueva-ficha URL: the case's id (absent or '' = none; anything else that is not an id is refused: the screen
 * answers 404), the operation (?op=, read by modeFromOperation) and a save's message (?ok=1|2).
 */
export const NuevaFichaUrlSchema = z.object({
  id: z.preprocess((v) => (v === "" ? undefined : v), fichaIdSchema.optional()),
  op: z.string().optional(),
  ok: z.string().optional(),
});

/** 'Buscar afiliado' of the form: the DNI alone, with the form's own rule and message. */
export const FichaDniSchema = z.object({ afi_dni: FichaSchema.shape.afi_dni });

/** POST /api/onco's envelope: the operation and the source case; every other key is the ficha (FichaSchema). */
export const CreateEnvelopeSchema = z.looseObject({
  operacion: z
    .enum(["", "change_of_drogs", "reingreso"], { error: "Operación inválida ('', change_of_drogs o reingreso)" })
    .default(""),
  id_origen: jsonIntId("Id de la ficha de origen inválido").optional(),
});

/** The route params of GET /api/onco/buscarpordni/{dni} and GET /api/onco/buscarporid/{id}. */
export const DniParamsSchema = z.object({ dni: dniSchema });
export const IdParamsSchema = z.object({ id: fichaIdSchema });

/** POST /api/onco/inactivarFicha (delete): a JSON body, id as a number. */
export const InactivarSchema = z.object({
  id: jsonIntId("Id inválido"),
  afi_dni: dniSchema.optional(),
  organoId: jsonIntId(FICHA_MSG.ORGANO_NOT_FOUND).optional(),
});

/**
 * The Buscar Ficha filter's form values as the screen shows them again (never refuses): the texts as typed, a bad
 * organ as TODOS (-1; its field says why and no search runs), an unknown status as the default. The search itself
 * reads FichaFilterSchema.
 */
export const FichaFilterValuesSchema = z.object({
  afi_dni: z.string().default(""),
  fecha_desde: z.string().default(""),
  fecha_hasta: z.string().default(""),
  organoId: organoFiltroSchema.catch(-1),
  estado_ficha: FichaFilterSchema.shape.estado_ficha,
});
