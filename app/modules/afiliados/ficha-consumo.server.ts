// Ficha de Consumo of the member detail (spec part 1 §2): sub-tab 'Listado de Autorizaciones' (filters
// fecha_desde, fecha_hasta default today, cobertura default TODAS) or 'Consumo Medicamentos' (dispensing dates).
// Bad filters come back as a Spanish message in the data, never as a throw. The authorisation detail, the practice
// counters and 'Resumen' are URL parameters too (?autorizacion=N, ?practica=P, ?resumen=1): without JavaScript the
// screen shows them as sections of the page, with JavaScript as dialogs (issue 10).
import { eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { coberturas, enrolamientos } from "~db/schema/afiliados";
import { todayISO } from "~/lib/dates";
import { AUTH_LIST_LIMIT, coberturasOfAutorizaciones, listAutorizaciones } from "./autorizaciones.server";
import { AutorizacionesTabSchema, MedicamentosTabSchema, practicaSchema, TODAS } from "./autorizaciones.schema";
import { CONSUMO_LIMIT, listConsumo, memberDni } from "./consumo.server";
import { hrefWith, keepParams } from "./detalle-query";
import { MEMBER_NOT_FOUND } from "./detalle.server";
import { parseInput, nroAutorizacionSchema } from "~/lib/input";
import type {
  AuthPanel,
  AutorizacionRow,
  AutorizacionesTabData,
  CoberturaOption,
  FichaConsumoData,
  FichaConsumoSub,
  MedicamentosTabData,
} from "./autorizaciones.schema";

/** Query keys this tab owns; every other key is kept in its links and forms. */
const FICHA_CONSUMO_KEYS = [
  "sub",
  "fecha_desde",
  "fecha_hasta",
  "cobertura",
  "dispensa_desde",
  "dispensa_hasta",
  "autorizacion",
  "practica",
  "resumen",
] as const;

const get = (params: URLSearchParams, key: string) => params.get(key) ?? undefined;

export async function loadFichaConsumo(idafi: number, params: URLSearchParams): Promise<FichaConsumoData> {
  const today = todayISO();
  const sub: FichaConsumoSub = params.get("sub") === "medicamentos" ? "medicamentos" : "autorizaciones";
  const keep = keepParams(params, FICHA_CONSUMO_KEYS);
  const base = { idafi, today, sub, keep };
  if (sub === "medicamentos")
    return { ...base, autorizaciones: null, medicamentos: await loadMedicamentos(idafi, params, today) };
  return { ...base, autorizaciones: await loadAutorizacionesTab(idafi, params, today), medicamentos: null };
}

/** The member's authorisation filter of the screen and its Excel (fecha_hasta default today, cobertura TODAS). */
export function resolveMemberAuthFilter(idafi: number, params: URLSearchParams, today: string) {
  const raw = {
    fecha_desde: get(params, "fecha_desde"),
    fecha_hasta: get(params, "fecha_hasta") ?? today,
    cobertura: get(params, "cobertura"),
  };
  const parsed = parseInput(AutorizacionesTabSchema, raw);
  if (!parsed.ok) return { ok: false as const, msg: parsed.msg, raw };
  const filter = { idafi, ...parsed.data, fecha_hasta: parsed.data.fecha_hasta ?? today };
  return { ok: true as const, filter };
}

async function loadAutorizacionesTab(
  idafi: number,
  params: URLSearchParams,
  today: string,
): Promise<AutorizacionesTabData> {
  const coberturasSel = await coverageOptions(idafi);
  const resolved = resolveMemberAuthFilter(idafi, params, today);
  const keep = keepParams(params, FICHA_CONSUMO_KEYS);
  const listHrefOf = (filter: AutorizacionesTabData["filter"]) => hrefWith(keep, { sub: "autorizaciones", ...filter });
  if (!resolved.ok) {
    const { raw } = resolved;
    const filter = {
      fecha_desde: raw.fecha_desde ?? "",
      fecha_hasta: raw.fecha_hasta ?? "",
      cobertura: raw.cobertura ?? TODAS,
    };
    return {
      filter,
      coberturas: coberturasSel,
      rows: [],
      truncated: false,
      limit: AUTH_LIST_LIMIT,
      error: resolved.msg,
      excelHref: null,
      open: null,
      panelError: null,
      listHref: listHrefOf(filter),
    };
  }
  const f = resolved.filter;
  const found = await listAutorizaciones(f, AUTH_LIST_LIMIT + 1);
  const rows = found.slice(0, AUTH_LIST_LIMIT);
  const filter = { fecha_desde: f.fecha_desde ?? "", fecha_hasta: f.fecha_hasta, cobertura: String(f.cobertura) };
  const q = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== ""));
  const panel = resolvePanel(params, rows);
  return {
    filter,
    coberturas: coberturasSel,
    rows,
    truncated: found.length > AUTH_LIST_LIMIT,
    limit: AUTH_LIST_LIMIT,
    error: null,
    excelHref: `/consultar-padron/${idafi}/autorizaciones.xlsx?${q}`,
    open: panel.open,
    panelError: panel.error,
    listHref: listHrefOf(filter),
  };
}

/** The panel of ?autorizacion= (first), ?practica= or ?resumen=1, checked against the rows on screen. */
export function resolvePanel(
  params: URLSearchParams,
  rows: Pick<AutorizacionRow, "nroautorizacion" | "practica">[],
): { open: AuthPanel | null; error: string | null } {
  const nro = params.get("autorizacion")?.trim();
  if (nro) {
    const parsed = parseInput(nroAutorizacionSchema, nro);
    if (!parsed.ok) return { open: null, error: parsed.msg };
    const n = parsed.data;
    if (!rows.some((r) => r.nroautorizacion === n))
      return { open: null, error: `No se encontró la autorización N° ${n} en el listado` };
    return { open: { kind: "detalle", nroautorizacion: n }, error: null };
  }
  const practicaParam = params.get("practica")?.trim();
  if (practicaParam) {
    const parsed = parseInput(practicaSchema, practicaParam);
    if (!parsed.ok) return { open: null, error: parsed.msg };
    const practica = parsed.data;
    if (!rows.some((r) => r.practica === practica))
      return { open: null, error: `No se encontró la práctica ${practica} en el listado` };
    return { open: { kind: "practica", practica }, error: null };
  }
  if (params.get("resumen") === "1" && rows.length > 0) return { open: { kind: "resumen" }, error: null };
  return { open: null, error: null };
}

async function loadMedicamentos(idafi: number, params: URLSearchParams, today: string): Promise<MedicamentosTabData> {
  const raw = { dispensa_desde: get(params, "dispensa_desde"), dispensa_hasta: get(params, "dispensa_hasta") ?? today };
  const parsed = parseInput(MedicamentosTabSchema, raw);
  const filter = { dispensa_desde: raw.dispensa_desde ?? "", dispensa_hasta: raw.dispensa_hasta ?? "" };
  const empty = { filter, rows: [], truncated: false, limit: CONSUMO_LIMIT };
  if (!parsed.ok) return { ...empty, error: parsed.msg };
  const dni = await memberDni(idafi);
  if (!dni) return { ...empty, error: MEMBER_NOT_FOUND };
  const rows = await listConsumo(
    { dni, fecha_desde: parsed.data.dispensa_desde, fecha_hasta: parsed.data.dispensa_hasta },
    CONSUMO_LIMIT + 1,
  );
  return { ...empty, rows: rows.slice(0, CONSUMO_LIMIT), truncated: rows.length > CONSUMO_LIMIT, error: null };
}

/** TODAS plus the member's coverages (enrolments and the coverages their authorisations carry). */
async function coverageOptions(idafi: number): Promise<CoberturaOption[]> {
  const db = await getDb();
  const enrolled = await db
    .select({ codigo: coberturas.gravcodgra, descripcion: coberturas.gravdesgra })
    .from(enrolamientos)
    .innerJoin(coberturas, eq(coberturas.gravcodgra, enrolamientos.gravcodgra))
    .where(eq(enrolamientos.idafi, idafi));
  const byCode = new Map<number, string>();
  for (const c of [...enrolled, ...(await coberturasOfAutorizaciones(idafi))]) byCode.set(c.codigo, c.descripcion);
  const options = [...byCode]
    .sort((x, y) => x[0] - y[0])
    .map(([codigo, d]) => ({ value: String(codigo), label: `${codigo} - ${d}` }));
  return [{ value: TODAS, label: TODAS }, ...options];
}
