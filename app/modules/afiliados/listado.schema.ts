// Zod schema of the 'Listados de afiliados' filter (spec part 1 §2, §7, §9), shared by the screen (URL query),
// the XLSX export and GET /api/afiliado/listado-afiliados/. Query values arrive as strings; messages in Spanish.
import { z } from "~/lib/zod";
import { queryFlag } from "~/lib/input";
import { pagingShape } from "~/lib/table-state";
import { searchDniSchema } from "./padron.schema";

/** Page size of the member list (spec part 1 §9). */
export const PAGE_SIZE = 20;
export const MAX_NOMBRE = 100;
/** Rows the JSON API returns with for_export; beyond it the XLSX route streams the whole list. */
export const API_EXPORT_CAP = 10_000;

export const BAD_NOMBRE = `El nombre no puede superar los ${MAX_NOMBRE} caracteres`;
export const BAD_MOTIVO = "El motivo de baja no es válido";
export const EXPORT_TOO_BIG = (total: number) =>
  `La exportación tiene ${total} filas y supera el máximo de ${API_EXPORT_CAP} de la API; use la exportación a Excel (/listado-afiliados/exportar.xlsx)`;

const text = (max: number, msg: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= max, msg);

/** '' / '-1' (the '-SELECCIONE-' option) = no reason; otherwise a reason code. */
const motivo = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || v === "-1" || /^\d{1,6}$/.test(v), BAD_MOTIVO)
  .transform((v) => (v === "" || v === "-1" ? null : Number(v)));

const FilterShape = {
  afi_dni: z.preprocess((v) => v ?? "", searchDniSchema),
  nombre: text(MAX_NOMBRE, BAD_NOMBRE),
  motivo_de_baja: motivo,
  ver_solo_afi_inactivo: queryFlag(),
  ver_afiliados_en_convenio: queryFlag(),
};

/**
 * A leave reason implies 'Afiliados Inactivos' (only members who left have one). With JavaScript the select is
 * enabled only when the checkbox is on; without it the select is always usable, so the reason turns the flag on.
 */
function normalise<T extends { ver_solo_afi_inactivo: boolean; motivo_de_baja: number | null }>(f: T): T {
  return f.motivo_de_baja != null && !f.ver_solo_afi_inactivo ? { ...f, ver_solo_afi_inactivo: true } : f;
}

/** Filter without paging (export). */
export const ListadoFilterSchema = z.object(FilterShape).transform(normalise);
export type ListadoFilter = z.output<typeof ListadoFilterSchema>;

/** Filter with paging (screen, API). page is 0-based. */
export const ListadoQuerySchema = z
  .object({
    ...FilterShape,
    ...pagingShape({ size: PAGE_SIZE }),
  })
  .transform(normalise);
export type ListadoQuery = z.output<typeof ListadoQuerySchema>;

/** GET /api/afiliado/listado-afiliados/: the screen's query plus for_export and obtener_total (default true). */
export const ListadoApiSchema = z
  .object({
    ...FilterShape,
    ...pagingShape({ size: PAGE_SIZE }),
    for_export: queryFlag(),
    obtener_total: queryFlag(true),
  })
  .transform(normalise);
export type ListadoApiQuery = z.output<typeof ListadoApiSchema>;

/** The filter as URL query pairs (only what is set), for links: pager, export, 'convenio'. */
export function filterToParams(f: ListadoFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.afi_dni) p.set("afi_dni", f.afi_dni);
  if (f.nombre) p.set("nombre", f.nombre);
  if (f.ver_solo_afi_inactivo) p.set("ver_solo_afi_inactivo", "true");
  if (f.ver_solo_afi_inactivo && f.motivo_de_baja != null) p.set("motivo_de_baja", String(f.motivo_de_baja));
  if (f.ver_afiliados_en_convenio) p.set("ver_afiliados_en_convenio", "true");
  return p;
}

/** The reciprocity agreement dialog: member, latest coverage enrolment and latest agreement. */
export type ConvenioDetalle = {
  idafi: number;
  apeynom: string;
  baperapell: string | null;
  bapernombr: string | null;
  dni: string;
  gravcodgra: number | null;
  gravdesgra: string | null;
  cobcaract: string | null;
  cobsubcaract: string | null;
  enprfecvig: string | null;
  enprfecbaj: string | null;
  tipoconvenio: string;
  clasificacion_convenio: string | null;
  institucion_convenio: string | null;
  provincia_convenio: string | null;
  inicio_convenio: string | null;
  fin_convenio: string | null;
};
