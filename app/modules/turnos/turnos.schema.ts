// zod schemas of the appointment (turnos) forms and calls, shared by /turnos and /listado-turnos (conform, browser
// and action) and the /api/turnos routes (spec part 2 §2, §5, §7). The module validates again with the same
// schemas, so every path answers bad input with 422 { msg, errors } (docs/decisions/030-turnos-access-and-cancelled-slots.md).
// Browser-safe: no server imports.
import { z } from "~/lib/zod";
import { blankToUndefined, dniSchema, isoDate, MAX_INT_ID, MSG_DNI_INVALIDO, positiveIntId } from "~/lib/input";
import { requireVersion, versionField } from "~/lib/version";
import { ESTADOS_TURNO, requiereAfiliado, TODOS, TURNO_MSG } from "./rules";

/** The intents of the assignment dialog's buttons ('Buscar', 'Guardar') and of a status change (both screens). */
export const INTENT_BUSCAR = "buscar";
export const INTENT_ASIGNAR = "asignar";
export const INTENT_ESTADO = "estado";
/** Hidden field sent only once JavaScript runs: the action then answers JSON instead of redirecting. */
export const CAMPO_JS = "_js";

/** 'Buscar' needs a DNI (spec §5); the member lookup checks the rest. */
export const buscarDniSchema = z.object({
  dni_afiliado: z
    .string({ error: TURNO_MSG.DNI_OBLIGATORIO })
    .trim()
    .min(1, TURNO_MSG.DNI_OBLIGATORIO)
    .max(20, TURNO_MSG.DNI_OBLIGATORIO),
});

export const MSG_TURNO = {
  HORA_INVALIDA: "Hora de turno inválida (use HH:MM)",
  PUESTO_INVALIDO: "Puesto inválido",
  NRO_TURNO_INVALIDO: "Número de turno inválido",
  ID_TURNO_INVALIDO: "Id de turno inválido",
  ID_AFILIADO_INVALIDO: "El id de afiliado no es válido",
  ESTADO_INVALIDO: "Estado de turno inválido",
  FECHA_INVALIDA: "Fecha de turno inválida (use dd/mm/aaaa)",
  /** The live grid's event stream: its URL is written by a program, in the ISO form (issue 35). */
  FECHA_URL_INVALIDA: "Fecha de turno inválida (use aaaa-mm-dd)",
} as const;

/** Bounds of the free-text fields (a longer value is a 422 with this message, never a database error). */
export const MAX_OBSERVACION = 500;
export const MAX_APEYNOM = 120;
export const MAX_TIPO_TRAMITE = 40;
/** The largest puesto a configuration may have (cant_puesto is a smallint; no desk has more). */
export const MAX_PUESTO = 99;

const maxMsg = (n: number) => `Máximo ${n} caracteres`;

/**
 * A positive integer that arrives as a JSON number or as a form's / query's digits ('12'): both become the number.
 * null and blank are absent. Anything else (a sign, a decimal, too big) is `msg`.
 */
const intFromAny = (msg: string, max: number = MAX_INT_ID) =>
  z.preprocess(
    (v) => {
      if (v === null) return undefined;
      const b = blankToUndefined(v);
      return typeof b === "string" && /^\d{1,10}$/.test(b.trim()) ? Number(b.trim()) : b;
    },
    z.number({ error: msg }).refine((n) => Number.isInteger(n) && n >= 1 && n <= max, msg),
  );
const optionalInt = (msg: string, max?: number) =>
  z.preprocess((v) => (v === null ? undefined : blankToUndefined(v)), intFromAny(msg, max).optional());

/** The procedure type: required, '-' (the '-Seleccione-' placeholder) refused. Existence is the module's check. */
export const tipoTramiteSchema = z
  .string({ error: TURNO_MSG.TIPO_OBLIGATORIO })
  .trim()
  .min(1, TURNO_MSG.TIPO_OBLIGATORIO)
  .max(MAX_TIPO_TRAMITE, TURNO_MSG.TIPO_INEXISTENTE)
  .refine((s) => s !== "-", TURNO_MSG.TIPO_OBLIGATORIO);

/** A slot's date: a real calendar date (2026-02-30 and year 20245 fail). */
export const fechaTurnoSchema = z.string({ error: MSG_TURNO.FECHA_INVALIDA }).pipe(isoDate(MSG_TURNO.FECHA_INVALIDA));

/** A slot's time: 'HH:MM' (a trailing ':00' of seconds is accepted and dropped). */
export const horaTurnoSchema = z
  .string({ error: MSG_TURNO.HORA_INVALIDA })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, MSG_TURNO.HORA_INVALIDA)
  .transform((s) => s.slice(0, 5));

/** GET /api/turnos/turnostipotramite/ and the grid's 'Ver Turnos' form. */
export const grillaSchema = z.object({
  tipo_tramite: tipoTramiteSchema,
  fecha_turno: fechaTurnoSchema,
});
export type GrillaInput = z.infer<typeof grillaSchema>;

/**
 * GET /turnos/eventos?tipo_tramite=&fecha_turno= (ADR 052): the grid's key, the day as its URL carries it, so a bad
 * or missing one is refused with the format that URL takes ('aaaa-mm-dd'), not the screen's field's 'dd/mm/aaaa'.
 */
export const grillaEventosSchema = grillaSchema.extend({
  fecha_turno: z.string({ error: MSG_TURNO.FECHA_URL_INVALIDA }).pipe(isoDate(MSG_TURNO.FECHA_URL_INVALIDA)),
});

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : blankToUndefined(v)),
    z.string().trim().max(max, maxMsg(max)).optional(),
  );

/** The largest nro_turno a day may have (99 puestos × a slot a minute all day; no agenda comes close). */
export const MAX_NRO_TURNO = 99 * 24 * 60;

/**
 * PUT /api/turnos and the assignment dialog. A slot is identified by type, date and time, and by its nro_turno (the
 * spec's Turno: the puesto follows from it) or its puesto (the dialog), or both when they agree (rules.ts
 * resolverSlot; ADR 030); `id` is the
 * ASIGNADO turno being edited (or the CANCELADO one being reassigned). Without id_afiliado (no member found) only
 * AFILIACIONES may save, with DNI and name typed ('Dni y Nombre son obligatorios'); other types need a member
 * ('Debe buscar un afiliado'), whose DNI and name the module takes from the member registry.
 */
export const asignarTurnoSchema = z
  .object({
    id: optionalInt(MSG_TURNO.ID_TURNO_INVALIDO),
    /** The version of the turno `id` as read (an edit or a reassignment): an older one → 409 (ADR 047). */
    version: versionField(),
    tipo_tramite: tipoTramiteSchema,
    fecha_turno: fechaTurnoSchema,
    hora_turno: horaTurnoSchema,
    nro_turno: optionalInt(MSG_TURNO.NRO_TURNO_INVALIDO, MAX_NRO_TURNO),
    puesto: optionalInt(MSG_TURNO.PUESTO_INVALIDO, MAX_PUESTO),
    dni_afiliado: optionalText(20),
    apeynom_afiliado: optionalText(MAX_APEYNOM),
    id_afiliado: optionalInt(MSG_TURNO.ID_AFILIADO_INVALIDO),
    observacion: optionalText(MAX_OBSERVACION),
  })
  .superRefine((v, ctx) => {
    if (v.id_afiliado != null) return;
    if (requiereAfiliado(v.tipo_tramite)) {
      ctx.addIssue({ code: "custom", path: ["dni_afiliado"], message: TURNO_MSG.DEBE_BUSCAR });
    } else if (!v.dni_afiliado || !v.apeynom_afiliado) {
      ctx.addIssue({
        code: "custom",
        path: [v.dni_afiliado ? "apeynom_afiliado" : "dni_afiliado"],
        message: TURNO_MSG.DNI_Y_NOMBRE,
      });
    } else if (!dniSchema.safeParse(v.dni_afiliado).success) {
      // A person who is not a member yet: the DNI typed is stored, so it must be a DNI.
      ctx.addIssue({ code: "custom", path: ["dni_afiliado"], message: MSG_DNI_INVALIDO });
    }
  });
export type AsignarTurnoInput = z.infer<typeof asignarTurnoSchema>;
/**
 * The assignment dialog's form: editing an ASIGNADO turno (its `id`) needs the version read (ADR 047 as amended by
 * issue 35); assigning a free or CANCELADO slot (no id) needs none.
 */
export const asignarTurnoFormSchema = requireVersion(asignarTurnoSchema, { edits: (f) => f.id !== undefined });

/** PUT /api/turnos/cambiar-estado and the status dialog. */
export const cambiarEstadoSchema = z.object({
  id: intFromAny(MSG_TURNO.ID_TURNO_INVALIDO),
  /** The version read (the status dialog, GET): an older one → 409 (ADR 047). */
  version: versionField(),
  estado_turno: z.enum(
    ESTADOS_TURNO.filter((e) => e !== "VACIO"),
    { error: MSG_TURNO.ESTADO_INVALIDO },
  ),
});
export type CambiarEstadoInput = z.infer<typeof cambiarEstadoSchema>;
/** The status dialog's form (/turnos, /listado-turnos): the version read is required (ADR 047, issue 35). */
export const cambiarEstadoFormSchema = requireVersion(cambiarEstadoSchema);

/**
 * /listado-turnos and the lookup calls: by DNI or by date, plus a procedure type (TODOS by default; '-' refused).
 * A blank DNI or date is absent (spec §5: the lookup ignores it).
 */
export const consultaTurnosSchema = z.object({
  dni: z.preprocess(blankToUndefined, dniSchema.optional()),
  fecha: z.preprocess(blankToUndefined, fechaTurnoSchema.optional()),
  tipo_tramite: z.preprocess((v) => blankToUndefined(v) ?? TODOS, tipoTramiteSchema),
});
export type ConsultaTurnosInput = z.infer<typeof consultaTurnosSchema>;

// ---- The /turnos screen's query string (read by turnos/screen/loaders.server.ts through parseInput) ----------------------

/** A text parameter as the screen reads it: trimmed and cut at `max` characters, '' when absent. */
const queryText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, max));

/**
 * The /turnos URL: the day of a procedure type (validated later by grillaSchema, so the screen can say what is
 * wrong), the previous/next day button, the message of the last save, and the open dialog's slot or turno (read by
 * turnoSlotSchema / turnoIdSchema when present). Never refuses: an unknown value is no value.
 */
export const turnosQuerySchema = z.object({
  tipo_tramite: queryText(60),
  fecha_turno: queryText(10),
  /** The last valid date the form showed: kept when the box's date is impossible or empty (issue 39, ADR 076). */
  fecha_vista: queryText(10),
  dia: z.enum(["anterior", "siguiente"]).optional().catch(undefined),
  ok: z.enum(["asignado", "estado"]).optional().catch(undefined),
  hora_turno: z.string().optional(),
  puesto: z.string().optional(),
  turno: z.string().optional(),
});
export type TurnosQuery = z.infer<typeof turnosQuerySchema>;

/** The slot of the assignment dialog in the URL (&hora_turno=&puesto=). */
export const turnoSlotSchema = z.object({
  hora_turno: horaTurnoSchema,
  puesto: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/)
    .transform(Number),
});

/** The turno of the status dialog in the URL (&turno=<id>). */
export const turnoIdSchema = positiveIntId(TURNO_MSG.TURNO_NO_EXISTE);
