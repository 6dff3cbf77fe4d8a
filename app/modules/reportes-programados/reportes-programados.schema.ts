// Inputs of 'Reportes Programados' (issue 29, docs/decisions/058): a new schedule, from the screen's form (conform,
// browser and action) and from POST /api/reportes-programados alike, and the id in a URL. The API answers the
// shape's problems 400 and the cross-field rules (rules.ts programacionProblems, checked again by the module with
// node-cron's own validation and the existence of the responsable/efector) 422.
import { z } from "~/lib/zod";
import { blankToUndefined, formOrJsonId, positiveIntId } from "~/lib/input";
import { FORMATOS, isFiveFieldCron, MSG, PERIODOS, programacionProblems, REPORTES } from "./rules";

const MAX_CRON = 100;
const MAX_RESPONSABLE = 20;
const MAX_EFECTOR = 30;

const choice = <T extends readonly [string, ...string[]]>(values: T, msg: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: msg }));

const optionalText = (max: number, msg: string) =>
  z.preprocess(blankToUndefined, z.string({ error: msg }).trim().max(max, msg).optional());

/** The fields of a schedule; the shape only (a field's own message next to it). */
export const ProgramacionSchema = z.object({
  reporte: choice(REPORTES, MSG.REPORTE),
  periodo: choice(PERIODOS, MSG.PERIODO),
  formato: choice(FORMATOS, MSG.FORMATO),
  cron: z.preprocess(
    blankToUndefined,
    z
      .string({ error: MSG.CRON_CAMPOS })
      .trim()
      .max(MAX_CRON, MSG.CRON_CAMPOS)
      .refine(isFiveFieldCron, MSG.CRON_CAMPOS)
      .transform((s) => s.split(/\s+/).join(" ")),
  ),
  responsable: optionalText(MAX_RESPONSABLE, MSG.RESPONSABLE_INEXISTENTE),
  efector: optionalText(MAX_EFECTOR, MSG.EFECTOR_INEXISTENTE),
});
export type ProgramacionInput = z.output<typeof ProgramacionSchema>;

/** The screen's form: the shape, then the cross-field rules next to their fields. */
export const ProgramacionFormSchema = ProgramacionSchema.superRefine((p, ctx) => {
  for (const e of programacionProblems(p)) ctx.addIssue({ code: "custom", path: [e.param], message: e.msg });
});

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
