// Inputs of 'Reportes Programados' (issue 29, docs/decisions/058): a new schedule, from the screen's form (conform,
// browser and action) and from POST /api/reportes-programados alike, and the id in a URL. The API answers the
// shape's problems 400 and the cross-field rules (rules.ts programacionProblems, checked again by the module with
// node-cron's own validation and the existence of the responsable/efector) 422. 'Frecuencia' and 'Hora' (issue 38,
// docs/decisions/069) compile to the cron expression the module stores; `cron` alone (the API as before) or with
// 'Avanzado' is taken as typed.
import { z } from "~/lib/zod";
import { blankToUndefined, formOrJsonId, positiveIntId } from "~/lib/input";
import {
  cronDePreset,
  FORMATOS,
  FRECUENCIAS,
  isFiveFieldCron,
  isHora,
  MSG,
  PERIODOS,
  programacionProblems,
  REPORTES,
  type Formato,
  type Frecuencia,
  type Preset,
  type Reporte,
} from "./rules";

const MAX_CRON = 100;
const MAX_HORA = 8;
const MAX_RESPONSABLE = 20;
const MAX_EFECTOR = 30;

const choice = <T extends readonly [string, ...string[]]>(values: T, msg: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: msg }));

const optionalText = (max: number, msg: string) =>
  z.preprocess(blankToUndefined, z.string({ error: msg }).trim().max(max, msg).optional());

type Fields = {
  reporte?: unknown;
  formato?: unknown;
  frecuencia?: unknown;
  hora?: unknown;
  cron?: unknown;
  responsable?: string;
  efector?: string;
};

/** A preset (not 'Avanzado', not absent, not unknown): its cron expression is compiled from 'Hora'. */
const isPreset = (f: unknown): f is Preset => FRECUENCIAS.includes(f as Frecuencia) && f !== "avanzado";

const fields = z.object({
  reporte: choice(REPORTES, MSG.REPORTE),
  periodo: choice(PERIODOS, MSG.PERIODO),
  formato: choice(FORMATOS, MSG.FORMATO),
  frecuencia: z.preprocess(blankToUndefined, z.enum(FRECUENCIAS, { error: MSG.FRECUENCIA }).optional()),
  hora: optionalText(MAX_HORA, MSG.HORA),
  cron: z.preprocess(
    blankToUndefined,
    z
      .string({ error: MSG.CRON_CAMPOS })
      .trim()
      .max(MAX_CRON, MSG.CRON_CAMPOS)
      .transform((s) => s.split(/\s+/).join(" "))
      .optional(),
  ),
  responsable: optionalText(MAX_RESPONSABLE, MSG.RESPONSABLE_INEXISTENTE),
  efector: optionalText(MAX_EFECTOR, MSG.EFECTOR_INEXISTENTE),
});

type Ctx = { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void };

/**
 * With a preset 'frecuencia' the 'hora' is required (HH:MM) and `cron` ignored; with 'avanzado' or no 'frecuencia'
 * (the API as before) the five-field `cron` is required. An unknown 'frecuencia' has its own error already.
 */
function horarioIssues(p: Fields, ctx: Ctx): void {
  if (isPreset(p.frecuencia)) {
    if (typeof p.hora !== "string" || !isHora(p.hora))
      ctx.addIssue({ code: "custom", path: ["hora"], message: MSG.HORA });
  } else if (p.frecuencia === undefined || p.frecuencia === "avanzado") {
    if (p.cron === undefined || (typeof p.cron === "string" && !isFiveFieldCron(p.cron)))
      ctx.addIssue({ code: "custom", path: ["cron"], message: MSG.CRON_CAMPOS });
  }
}

/** The cross-field rules (rules.ts) once the report is known, next to their fields. */
function crossFieldIssues(p: Fields, ctx: Ctx): void {
  if (!REPORTES.includes(p.reporte as Reporte)) return;
  const formato = FORMATOS.includes(p.formato as Formato) ? (p.formato as Formato) : null;
  for (const e of programacionProblems({ ...p, reporte: p.reporte as Reporte, formato: formato ?? "pdf" }))
    if (formato || e.param !== "formato") ctx.addIssue({ code: "custom", path: [e.param], message: e.msg });
}

/** These checks run also when another field is wrong, so every error shows at once (zod skips them otherwise). */
const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

/** What the module takes: the cron expression (compiled from a preset, or as typed), no 'frecuencia' nor 'hora'. */
const toInput = ({ frecuencia, hora, cron, ...rest }: z.output<typeof fields>) => ({
  ...rest,
  cron: isPreset(frecuencia) ? cronDePreset(frecuencia, hora ?? "") : (cron ?? ""),
});

/** The fields of a schedule: the shape and the schedule's own fields (a field's own message next to it). */
export const ProgramacionSchema = fields.superRefine(horarioIssues, ALWAYS).transform(toInput);
export type ProgramacionInput = z.output<typeof ProgramacionSchema>;

/** The screen's form: the shape, then the cross-field rules next to their fields. */
export const ProgramacionFormSchema = fields
  .superRefine((p, ctx) => {
    horarioIssues(p, ctx);
    crossFieldIssues(p, ctx);
  }, ALWAYS)
  .transform(toInput);

/** {id} of /api/reportes-programados/{id}[/ejecutar] and of a file's download. */
export const IdParamsSchema = z.object({ id: positiveIntId(MSG.PROGRAMACION_INEXISTENTE) });
export const ArchivoParamsSchema = z.object({ id: positiveIntId(MSG.ARCHIVO_INEXISTENTE) });

/** The screen's buttons: create, run now, delete (the last two name their schedule). */
export const INTENTS = ["crear", "ejecutar", "eliminar"] as const;
export const IntentSchema = z.object({
  intent: z.enum(INTENTS, { error: "Acción desconocida" }),
});
export const ProgramacionIdSchema = z.object({
  intent: z.enum(["ejecutar", "eliminar"]),
  id: formOrJsonId(MSG.PROGRAMACION_INEXISTENTE),
});
