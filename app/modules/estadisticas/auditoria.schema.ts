// Inputs of 'OSEP / Tiempos de Auditoria Médica' and its API (docs/decisions/013): the audit period, the auditor
// ('equipo' or blank = all of them) and an authorisation number. Shared by the screen loader and the API routes.
import { z } from "~/lib/zod";
import { agregadoPeriodSchema, listadoPeriodSchema } from "~/lib/period";
import { nroAutorizacionSchema } from "~/lib/input";

export const SCREEN_PATH = "/osep-tiempos-auditoria";
/** 'Exportar a PDF' of the period (docs/decisions/057-statistics-pdfs.md). */
export const PDF_PATH = "/osep-tiempos-auditoria/report.pdf";

export const MSG_PERIODO_REQUERIDO = "Debe indicar el período (fecha desde y fecha hasta)";
export const MSG_AUDITOR_INVALIDO = "Auditor inválido";
export const EQUIPO = "equipo";

/** fecha_desde / fecha_hasta of the statistics (an aggregation): both required, from ≤ to, at most 10 years. */
export const PeriodoAuditoriaSchema = agregadoPeriodSchema("fecha_desde", "fecha_hasta", MSG_PERIODO_REQUERIDO);
/** The same pair for the list of audited authorisations (a listing of rows): at most 366 days. */
export const PeriodoListadoSchema = listadoPeriodSchema("fecha_desde", "fecha_hasta", MSG_PERIODO_REQUERIDO);

/** An auditor code (usuarioauditoria, e.g. AUD07); blank or 'equipo' → null (every auditor). */
export const AuditorSchema = z.preprocess(
  (v) => (v == null || (typeof v === "string" && (v.trim() === "" || v.trim().toLowerCase() === EQUIPO)) ? null : v),
  z
    .string({ error: MSG_AUDITOR_INVALIDO })
    .trim()
    .max(30, MSG_AUDITOR_INVALIDO)
    .regex(/^[A-Za-z0-9._-]+$/, MSG_AUDITOR_INVALIDO)
    .nullable(),
);

export const EstadisticasQuerySchema = z.intersection(PeriodoAuditoriaSchema, z.object({ auditor: AuditorSchema }));
export type EstadisticasQuery = z.output<typeof EstadisticasQuerySchema>;

/**
 * GET /api/statistics/autorizaciones (and the screen's list dialogs): the listing's period, the auditor;
 * solo_dia_anterior=1 keeps the previous-day loads only.
 */
export const AutorizacionesQuerySchema = z.intersection(
  PeriodoListadoSchema,
  z.object({
    auditor: AuditorSchema,
    solo_dia_anterior: z.preprocess((v) => v === "1" || v === "true" || v === true, z.boolean()),
  }),
);
export type AutorizacionesQuery = z.output<typeof AutorizacionesQuerySchema>;

/** The route parameter of GET /api/statistics/autorizacion/{id}. */
export const NroAutorizacionParamsSchema = z.object({ id: nroAutorizacionSchema });

/**
 * The screen's URL: the period as typed (checked by EstadisticasQuerySchema afterwards, so the screen can say what
 * is wrong; absent = not searched yet), the view (vista=auditor), the open dialog and its auditor or number.
 * Never refuses: an unknown view or dialog is none.
 */
export const TiemposScreenQuerySchema = z.object({
  fecha_desde: z.string().optional(),
  fecha_hasta: z.string().optional(),
  vista: z.enum(["auditor"]).optional().catch(undefined),
  dialogo: z.enum(["listado", "anteriores", "autorizacion"]).optional().catch(undefined),
  auditor: z.string().optional(),
  nro: z.string().optional(),
});
export type TiemposScreenQuery = z.output<typeof TiemposScreenQuerySchema>;
