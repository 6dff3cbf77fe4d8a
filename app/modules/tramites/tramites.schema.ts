// The one zod schema of the 'Consulta de Expedientes' filters (spec part 2 §3), shared by the screen's GET form and
// GET /api/tramite. Query values arrive as strings; a blank value means "no filter". Bad values are refused with a
// Spanish message (never clamped: ADR 036), so page=-1, size=0 or size=10000 get a message, not a 500.
import { z } from "~/lib/zod";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { dniSchema, MAX_INT_ID, optionalIsoDate } from "~/lib/input";
import { pagingShape } from "~/lib/table-state";
import {
  MAX_ANIO,
  MAX_LETRA,
  MAX_TEXTO,
  MIN_ANIO,
  PAGE_SIZE,
  TIPOS_DOCUMENTO,
  TODOS,
  TRAMITE_MSG,
  type TipoDocumento,
} from "./rules";

const raw = z.string().optional();
const trimmed = (max: number, msg: string) =>
  raw.transform((v) => (v ?? "").trim()).refine((v) => v.length <= max, msg);

/** '' / 'TODOS' → every type; otherwise one of the spec's types (case-insensitive). */
const tipoDocumento = raw
  .transform((v) => (v ?? "").trim().toUpperCase())
  .refine((v) => v === "" || v === TODOS || (TIPOS_DOCUMENTO as readonly string[]).includes(v), TRAMITE_MSG.tipo)
  .transform((v) => (v === "" || v === TODOS ? null : (v as TipoDocumento)));

const nrotramite = trimmed(9, TRAMITE_MSG.nrotramite)
  .refine((v) => v === "" || /^\d{1,9}$/.test(v), TRAMITE_MSG.nrotramite)
  .transform((v) => (v === "" ? null : Number(v)))
  .refine((n) => n == null || (n >= 1 && n <= MAX_INT_ID), TRAMITE_MSG.nrotramite);

const anio = trimmed(4, TRAMITE_MSG.anio)
  .refine((v) => v === "" || /^\d{4}$/.test(v), TRAMITE_MSG.anio)
  .transform((v) => (v === "" ? null : Number(v)))
  .refine((n) => n == null || (n >= MIN_ANIO && n <= MAX_ANIO), TRAMITE_MSG.anio);

const dni = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), dniSchema.optional());

/** Optional text filter: trimmed, at most MAX_TEXTO characters, '' → null. */
const texto = (campo: string) => trimmed(MAX_TEXTO, TRAMITE_MSG.texto(campo)).transform((v) => v || null);

export const TramitesQuerySchema = z
  .object({
    tipo_documento: tipoDocumento,
    nrotramite,
    anio,
    dni,
    fecha_desde: optionalIsoDate(),
    fecha_hasta: optionalIsoDate(),
    iniciador: texto("iniciador"),
    extracto: texto("extracto"),
    letra: trimmed(MAX_LETRA, TRAMITE_MSG.letra).transform((v) => (v ? v.toUpperCase() : null)),
    ...pagingShape({ size: PAGE_SIZE }),
  })
  .superRefine((v, ctx) => {
    if (v.fecha_desde && v.fecha_hasta && v.fecha_desde > v.fecha_hasta)
      ctx.addIssue({ code: "custom", message: MSG_PERIODO_INVERTIDO, path: ["fecha_desde"] });
  });
export type TramitesQuery = z.output<typeof TramitesQuerySchema>;
export type TramitesFilter = Omit<TramitesQuery, "page" | "size">;

/** The filter keys of the form and the API, in the form's order. */
export const TRAMITE_FILTERS = [
  "tipo_documento",
  "nrotramite",
  "anio",
  "letra",
  "dni",
  "fecha_desde",
  "fecha_hasta",
  "iniciador",
  "extracto",
] as const;

/** The filter as URL query pairs (only what is set), for the pager's links. */
export function tramitesParams(f: TramitesFilter): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of TRAMITE_FILTERS) {
    const v = f[k];
    if (v != null && v !== "") p.set(k, String(v));
  }
  return p;
}
