// Voluntary affiliates (spec part 2 §2 '/padron_voluntarios', §3 'Voluntary affiliate', §7 full-view;
// docs/decisions/039-voluntary-affiliates.md): every member whose descclasificacion is 'VOLUNTARIO' (the holders of
// groups 20 and 21 and the family members of group 21), with the holder of their family group
// (grupos_familiares.titular_idafi), ordered by name. Status is the member status of afiliados-sql.ts on $hoy.
// The search text is bound, folded (accents and case) and its LIKE wildcards made literal here.
import type { SnapshotReader } from "~reporting/store";
import type { DerivedTable } from "~reporting/table-types";
import { activoSql, estadoSql, notLeftSql } from "./afiliados-sql";

export const VOLUNTARIOS_ESTADOS = ["TODOS", "ACTIVO", "INACTIVO"] as const;
export type VoluntariosEstado = (typeof VOLUNTARIOS_ESTADOS)[number];

export type VoluntariosFilter = {
  estado: VoluntariosEstado;
  /** Name (accents and case ignored), DNI or affiliate number containing this text; blank = everybody. */
  search?: string | null;
  /** 'YYYY-MM-DD' in the insurer's time zone: the status is computed for this day. */
  hoy: string;
};

/** One voluntary affiliate with the holder of the family group (spec §3 names; CUIL as its three parts). */
export type VoluntarioRow = {
  idafifam: number;
  apeynomfam: string;
  nroafifam: string;
  dnifam: string;
  cuil_prefijo: string | null;
  cuil_nrocentral: string | null;
  cuil_dtoverific: string | null;
  estado: "ACTIVO" | "INACTIVO";
  clasificacion: string | null;
  sexo: string | null;
  /** 'YYYY-MM-DD' when the member left; null when not (the 0001-01-01 sentinel or empty). */
  fechabaja: string | null;
  /** The leave reason when the member left (motbaja, else the description of codmotbaja); null otherwise. */
  motivobaja: string | null;
  idafitit: number | null;
  apeynomtit: string | null;
  dnitit: string | null;
  tit_cuil_prefijo: string | null;
  tit_cuil_nrocentral: string | null;
  tit_cuil_dtoverific: string | null;
  categoriatit: string | null;
};

/** The slim row of the screen's table: name, DNI, affiliate number, state, classification (+ the internal id). */
export type VoluntarioListRow = Pick<
  VoluntarioRow,
  "idafifam" | "apeynomfam" | "dnifam" | "nroafifam" | "estado" | "clasificacion"
>;

/** The classification that marks a voluntary affiliate (db/seed/catalog.ts GROUPS 20 and 21). */
export const CLASIFICACION_VOLUNTARIO = "VOLUNTARIO";

/** Lower case, accents removed (NFD without combining marks): what strip_accents(lower(x)) gives in DuckDB. */
export function foldSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A "contains" LIKE pattern in which the typed text is literal (% _ \ escaped; ESCAPE '\'), as escapeLike does. */
export function containsLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE of a filter and its parameters (the estado picks one of three fixed SQL texts; the search is bound). */
function where(f: VoluntariosFilter): { sql: string; params: Record<string, string> } {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (f.estado !== "TODOS") {
    parts.push(f.estado === "ACTIVO" ? activoSql("a", "$hoy") : `NOT ${activoSql("a", "$hoy")}`);
    params.hoy = f.hoy;
  }
  const search = (f.search ?? "").trim();
  if (search) {
    parts.push(`(a.orden LIKE $pattern ESCAPE '\\'
      OR a.numdoc LIKE $pattern ESCAPE '\\' OR a.nroafi LIKE $pattern ESCAPE '\\')`);
    params.pattern = containsLike(foldSearch(search));
  }
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

/** By name as people read it (accents and case ignored, like apeynom_norm in the live registry), then the id. */
const ORDER = "ORDER BY a.orden, a.idafi";

const FULL_COLUMNS = `a.idafi AS idafifam, a.apeynom AS apeynomfam, a.nroafi AS nroafifam, a.numdoc AS dnifam,
  a.cuil_prefijo, a.cuil_nrocentral, a.cuil_dtoverific,
  ${estadoSql("a", "$hoy")} AS estado, a.descclasificacion AS clasificacion, a.sexocodigo AS sexo,
  a.fechabaja, a.motivobaja, a.idafitit, a.apeynomtit, a.dnitit,
  a.tit_cuil_prefijo, a.tit_cuil_nrocentral, a.tit_cuil_dtoverific, a.categoriatit`;

/**
 * voluntarios: every voluntary affiliate with what does not depend on the day — the leave date and reason (only
 * when the member left) and the holder's columns — joined once per refresh, in name order. The status (which
 * depends on "today") is computed by each query from fechbaja/fechvto. 22 591 rows at the bench scale instead of
 * two joins over the 500 000 members on every export.
 */
export const VOLUNTARIOS_TABLE: DerivedTable = {
  name: "voluntarios",
  sql: `
    CREATE TABLE voluntarios AS
    SELECT a.idafi, a.apeynom, strip_accents(lower(a.apeynom)) AS orden, a.nroafi, a.numdoc,
      a.cuil_prefijo, a.cuil_nrocentral, a.cuil_dtoverific, a.descclasificacion, a.sexocodigo,
      a.fechbaja, a.fechvto,
      CASE WHEN ${notLeftSql("a")} THEN NULL ELSE a.fechbaja END AS fechabaja,
      CASE WHEN ${notLeftSql("a")} THEN NULL
        ELSE coalesce(nullif(trim(a.motbaja), ''), mb.bambadescr) END AS motivobaja,
      t.idafi AS idafitit, t.apeynom AS apeynomtit, t.numdoc AS dnitit,
      t.cuil_prefijo AS tit_cuil_prefijo, t.cuil_nrocentral AS tit_cuil_nrocentral,
      t.cuil_dtoverific AS tit_cuil_dtoverific, t.aficategoria AS categoriatit
    FROM afiliados a
    LEFT JOIN grupos_familiares g ON g.id = a.grupo_familiar_id
    LEFT JOIN afiliados t ON t.idafi = g.titular_idafi
    LEFT JOIN motivos_baja mb ON mb.bambacodig = a.codmotbaja
    -- plain equality (the registry writes it so)
    WHERE a.descclasificacion = '${CLASIFICACION_VOLUNTARIO}'
    ORDER BY orden, a.idafi`,
};

const LIST_COLUMNS = `a.idafi AS idafifam, a.apeynom AS apeynomfam, a.numdoc AS dnifam, a.nroafi AS nroafifam,
  ${estadoSql("a", "$hoy")} AS estado, a.descclasificacion AS clasificacion`;

/** How many voluntary affiliates the filter selects. */
export async function voluntariosCount(reader: SnapshotReader, f: VoluntariosFilter): Promise<number> {
  const w = where(f);
  const [row] = await reader.all<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM voluntarios a ${w.sql}`, w.params);
  return row?.n ?? 0;
}

/** The screen's rows (name order); `page`/`size` take one page, without them every row. */
export function voluntariosList(
  reader: SnapshotReader,
  f: VoluntariosFilter,
  paging?: { page: number; size: number },
): Promise<VoluntarioListRow[]> {
  const w = where(f);
  const params = { ...w.params, hoy: f.hoy };
  const sql = `SELECT ${LIST_COLUMNS} FROM voluntarios a ${w.sql} ${ORDER}`;
  if (!paging) return reader.all<VoluntarioListRow>(sql, params);
  const size = Math.max(1, Math.floor(paging.size));
  const offset = Math.max(0, Math.floor(paging.page)) * size;
  return reader.all<VoluntarioListRow>(`${sql} LIMIT ${size} OFFSET ${offset}`, params);
}

function fullSql(f: VoluntariosFilter) {
  const w = where(f);
  return { sql: `SELECT ${FULL_COLUMNS} FROM voluntarios a ${w.sql} ${ORDER}`, params: { ...w.params, hoy: f.hoy } };
}

/** Every row with the family-member and holder columns (the API's listado). */
export function voluntariosRows(reader: SnapshotReader, f: VoluntariosFilter): Promise<VoluntarioRow[]> {
  const q = fullSql(f);
  return reader.all<VoluntarioRow>(q.sql, q.params);
}

/** The same rows in batches (the Excel export): never the whole list in memory. */
export function voluntariosBatches(
  reader: SnapshotReader,
  f: VoluntariosFilter,
  batchRows = 1_000,
): AsyncGenerator<VoluntarioRow[]> {
  const q = fullSql(f);
  return reader.batches<VoluntarioRow>(q.sql, q.params, batchRows);
}
