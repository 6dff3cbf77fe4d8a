// Zod schemas of the Padrón de Planes filter (spec part 1 §2, §4, §7, §9), shared by the screen (URL query), the
// Excel and PDF downloads and GET /api/enrolamiento/enrolamientos/. Query values arrive as strings; messages in
// Spanish. Bad paging is refused (never clamped), like app/lib/table-state.ts.
import { z } from "~/lib/zod";
import { queryFlag } from "~/lib/input";
import { pagingShape } from "~/lib/table-state";
import { searchDniSchema } from "~/modules/afiliados/padron.schema";
import { DEFAULT_COBERTURA, flagsConflict, MSG_VENCIDOS_Y_ACTIVOS, PAGE_SIZE } from "./rules";

export const MAX_TEXTO = 60;
export const MSG_APELLIDO = `El apellido no puede superar los ${MAX_TEXTO} caracteres`;
export const MSG_NOMBRE = `El nombre no puede superar los ${MAX_TEXTO} caracteres`;
export const MSG_COBERTURA = "La cobertura debe ser un código numérico";

const text = (msg: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= MAX_TEXTO, msg);

/** The coverage code: blank = the default (53). Whether it exists is checked against the snapshot's coverages. */
const codPadron = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || /^\d{1,6}$/.test(v), MSG_COBERTURA)
  .transform((v) => (v === "" ? DEFAULT_COBERTURA : Number(v)));

const FilterShape = {
  afi_dni: z.preprocess((v) => v ?? "", searchDniSchema),
  apellido: text(MSG_APELLIDO),
  nombre: text(MSG_NOMBRE),
  cod_padron: codPadron,
  ver_solo_afi_inactivo: queryFlag(),
  ver_solo_enrolamiento_vencido: queryFlag(),
  ver_solo_enrolamiento_activo: queryFlag(),
  ver_afiliados_en_convenio: queryFlag(),
};

const exclusive = <T extends Parameters<typeof flagsConflict>[0]>(f: T, ctx: z.RefinementCtx) => {
  if (flagsConflict(f))
    ctx.addIssue({ code: "custom", message: MSG_VENCIDOS_Y_ACTIVOS, path: ["ver_solo_enrolamiento_activo"] });
};

/** The filter without paging (downloads). */
export const PlanesFilterSchema = z.object(FilterShape).superRefine(exclusive);
export type PlanesFilter = z.output<typeof PlanesFilterSchema>;

/** The screen's query: the filter and the page (0-based; size 20 unless given). */
export const PlanesQuerySchema = z
  .object({ ...FilterShape, ...pagingShape({ size: PAGE_SIZE }) })
  .superRefine(exclusive);
export type PlanesQuery = z.output<typeof PlanesQuerySchema>;

/** GET /api/enrolamiento/enrolamientos/: the screen's query plus for_export (every row, no paging). */
export const PlanesApiSchema = z
  .object({ ...FilterShape, ...pagingShape({ size: PAGE_SIZE }), for_export: queryFlag() })
  .superRefine(exclusive);
export type PlanesApiQuery = z.output<typeof PlanesApiSchema>;

/** The filter as URL query pairs (only what is set; the coverage always), for the pager and the download links. */
export function planesParams(f: PlanesFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.afi_dni) p.set("afi_dni", f.afi_dni);
  if (f.apellido) p.set("apellido", f.apellido);
  if (f.nombre) p.set("nombre", f.nombre);
  p.set("cod_padron", String(f.cod_padron));
  if (f.ver_solo_afi_inactivo) p.set("ver_solo_afi_inactivo", "true");
  if (f.ver_solo_enrolamiento_vencido) p.set("ver_solo_enrolamiento_vencido", "true");
  if (f.ver_solo_enrolamiento_activo) p.set("ver_solo_enrolamiento_activo", "true");
  if (f.ver_afiliados_en_convenio) p.set("ver_afiliados_en_convenio", "true");
  return p;
}
