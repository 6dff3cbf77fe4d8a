// Zod schemas of the member registry search ('Consulta de Padrón de Afiliados') and the member detail API:
// shared by the screen loader and the JSON API routes. The screen has no format validation on its inputs
// (spec §5); the server still answers garbage with a clear Spanish message instead of a query.
import { z } from "~/lib/zod";
import { idafiSchema, parseInput } from "~/lib/input";

export const SEARCH_METHODS = ["dni", "nroafi", "nombre"] as const;
export type SearchMethod = (typeof SEARCH_METHODS)[number];

export const NAME_REQUIRED = "Debe especificar un apellido o nombre";
export const DNI_REQUIRED = "Debe especificar un DNI";
export const NROAFI_REQUIRED = "Debe especificar un número de afiliado";
export const MAX_NAME_LENGTH = 100;

/** The hint of the member-number input: the two formats it accepts (docs/decisions/019-cuil-and-member-lookup.md). */
export const NROAFI_HINT =
  "Número completo (grupo, número central y familiar, p. ej. 1010004100) o número central (p. ej. 100041)";

/** What the screen and the API say when a search stops at its limit (more rows matched). */
export function cappedMessage(limit: number): string {
  return `Se muestran los primeros ${limit} resultados de más de ${limit}: refine la búsqueda`;
}

export const MSG_DNI_BUSQUEDA = "El DNI debe contener solo números (hasta 9 dígitos)";

/**
 * A DNI typed to look members up (this search, the members list's filter): dots and spaces are ignored, then digits
 * only, at most 9 — the registry keeps documents of every era, so not the 7-or-8-digit rule of a new document
 * (`dniSchema` of ~/lib/input; ADR 006, 007); leading zeros dropped. Blank stays '' (each screen says if it may be).
 */
export const searchDniSchema = z
  .string()
  .transform((s) => s.replace(/[.\s]/g, ""))
  .pipe(z.string().regex(/^\d{0,9}$/, MSG_DNI_BUSQUEDA))
  .transform((s) => s.replace(/^0+(?=\d)/, ""));

const dni = searchDniSchema.refine((s) => s !== "", DNI_REQUIRED);

/**
 * Member number: the full number (grupo + nromedio + nroparentesco) or the central number (nromedio) alone;
 * digits only ('-', '/', '.', spaces tolerated). No format rule beyond that (spec §5).
 */
const nroafi = z
  .string()
  .transform((s) => s.replace(/[-/.\s]/g, ""))
  .pipe(
    z
      .string()
      .min(1, NROAFI_REQUIRED)
      .regex(/^\d+$/, "El número de afiliado debe contener solo números")
      .max(20, "El número de afiliado no puede tener más de 20 dígitos"),
  );

/** Part of the surname or name: not blank, bounded. */
const nombre = z
  .string()
  .trim()
  .min(1, NAME_REQUIRED)
  .max(MAX_NAME_LENGTH, `El apellido o nombre no puede superar los ${MAX_NAME_LENGTH} caracteres`);

export const SEARCH_VALUE_SCHEMAS: Record<SearchMethod, z.ZodType<string, string>> = { dni, nroafi, nombre };

export type SearchInput = { targetField: SearchMethod; value: string };

/** The value of the chosen field, cleaned; or the Spanish message for bad input. */
export function parseSearchValue(
  targetField: SearchMethod,
  raw: string | null | undefined,
): { ok: true; input: SearchInput } | { ok: false; msg: string } {
  const parsed = parseInput(SEARCH_VALUE_SCHEMAS[targetField], raw ?? "");
  if (!parsed.ok) return { ok: false, msg: parsed.msg };
  return { ok: true, input: { targetField, value: parsed.data } };
}

/** The params of GET /api/afiliado/buscarporidafi/{id}: a member's id. */
export const IdafiParamsSchema = z.object({ id: idafiSchema });

/** The screen's GET form (URL state): lenient, the radio decides which input counts. */
const ScreenSearchSchema = z.object({
  metodo: z.enum(SEARCH_METHODS).catch("dni"),
  dni: z.string().max(10_000).catch(""),
  nroafi: z.string().max(10_000).catch(""),
  nombre: z.string().max(10_000).catch(""),
});
export type ScreenSearch = z.infer<typeof ScreenSearchSchema>;
const NO_SEARCH: ScreenSearch = { metodo: "dni", dni: "", nroafi: "", nombre: "" };

/** The screen's search of a query string, through parseInput (lenient: it never refuses, the radio decides). */
export function screenSearchOf(query: Record<string, string>): ScreenSearch {
  const parsed = parseInput(ScreenSearchSchema, query);
  return parsed.ok ? parsed.data : NO_SEARCH;
}

/** GET /api/afiliado/?targetField=dni|nombre|nroafi&<field>=... */
export const ApiSearchSchema = z.object({
  targetField: z.enum(SEARCH_METHODS, { error: "targetField debe ser dni, nombre o nroafi" }),
  dni: z.string().optional(),
  nroafi: z.string().optional(),
  nombre: z.string().optional(),
});

/** GET /api/aportes/?afi_cuil=...&orderField=fecha&orderType=DESC */
export const AportesQuerySchema = z.object({
  afi_cuil: z
    .string({ error: "Debe especificar el CUIL (afi_cuil)" })
    .trim()
    .regex(/^\d{11}$/, "El CUIL debe tener 11 dígitos (prefijo, número central y dígito verificador)"),
  orderField: z.enum(["fecha"], { error: "orderField solo admite 'fecha'" }).default("fecha"),
  orderType: z
    .string()
    .default("DESC")
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(["DESC", "ASC"], { error: "orderType debe ser DESC o ASC" })),
});
export type AportesQuery = z.infer<typeof AportesQuerySchema>;

// ---- URLs of the screen (the URL holds the state: search, selected member, tab) --------------------------

export const SEARCH_PATH = "/consultar-padron";

/** The query of a search: the method and only its input (what the close button returns to). */
export function searchQueryString(s: Partial<ScreenSearch> | URLSearchParams): string {
  const get = (k: string) =>
    (s instanceof URLSearchParams ? s.get(k) : (s as Record<string, string | undefined>)[k]) ?? "";
  const metodo = get("metodo");
  if (!(SEARCH_METHODS as readonly string[]).includes(metodo)) return "";
  return new URLSearchParams({ metodo, [metodo]: get(metodo) }).toString();
}

export function searchHref(qs: string): string {
  return qs ? `${SEARCH_PATH}?${qs}` : SEARCH_PATH;
}

/** The member detail URL, keeping the search it was opened from (and a tab). */
export function detailHref(idafi: number, qs: string, tab?: string | null): string {
  const params = new URLSearchParams(qs);
  if (tab) params.set("tab", tab);
  const q = params.toString();
  return `${SEARCH_PATH}/${idafi}${q ? `?${q}` : ""}`;
}

/** A result row: the spec's member fields (resultado of GET /api/afiliado/). */
export type PadronRow = {
  idafi: number;
  apeynom: string;
  numdoc: string;
  nroafi: string;
  grupo: string;
  nromedio: string;
  nroparentesco: string;
  descparentesco: string;
  baperfenac: string | null;
  sexocodigo: string | null;
  fechalta: string | null;
  fechbaja: string;
  fechvto: string | null;
};
