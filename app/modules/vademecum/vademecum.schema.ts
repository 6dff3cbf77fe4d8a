// The one zod schema of the 'Consulta de Vademecum' query (spec part 2 §3, §7 GET /api/vademecum/), shared by the
// screen's GET form and the API: the eight text filters (each at most MAX_FILTRO characters), search (the screen's
// search flag, accepted and ignored), page from 0 and size (5). Bad values are refused with a Spanish message. The
// 3-character rule is not here: it is filtrosSuficientes (rules.ts), checked by the module before any query.
import { z } from "~/lib/zod";
import { pagingShape } from "~/lib/table-state";
import { FILTRO_LABELS, MAX_FILTRO, PAGE_SIZE, VADEMECUM_MSG, type VademecumFiltro } from "./rules";

const trimmed = (max: number, msg: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= max, msg);

const filtro = (k: VademecumFiltro) => trimmed(MAX_FILTRO, VADEMECUM_MSG.filtro(FILTRO_LABELS[k]));

export const VademecumQuerySchema = z.object({
  producto: filtro("producto"),
  presentacion: filtro("presentacion"),
  laboratorio: filtro("laboratorio"),
  droga: filtro("droga"),
  familia: filtro("familia"),
  cobertura: filtro("cobertura"),
  plan: filtro("plan"),
  tamanio: filtro("tamanio"),
  search: trimmed(10, VADEMECUM_MSG.search),
  ...pagingShape({ size: PAGE_SIZE }),
});
export type VademecumQuery = z.output<typeof VademecumQuerySchema>;
