// Padrón de Planes ('Buscar Afiliados Enrolados', spec part 1 §2/§3/§4/§7; docs/decisions/040-padron-de-planes.md):
// the enrolments of one coverage with their member, address, coverage and reciprocity agreement, read from the
// snapshot. Status is computed on $hoy with the rules of afiliados-sql.ts (never stored). Text filters arrive as
// LIKE patterns already escaped by the caller (escape character '\'); every value is a bound parameter.
import type { QueryParams, SnapshotReader } from "~reporting/store";
import { coberturaActivaSql, estadoSql, isNullDateSql } from "./afiliados-sql";

export type EnrolamientosFilter = {
  /** 'YYYY-MM-DD' in the insurer's time zone. */
  hoy: string;
  /** The coverage (gravcodgra). */
  cod_padron: number;
  /** Exact DNI (numdoc), or null. */
  dni: string | null;
  /** LIKE patterns (escape '\'), compared accent- and case-insensitively with the surname / given names. */
  apellidoLike: string | null;
  nombreLike: string | null;
  /** Only members who are INACTIVO on hoy (left, or affiliation expired). */
  soloInactivos: boolean;
  /** Only enrolments that ended: enprfecbaj a real date before hoy. */
  soloVencidos: boolean;
  /** Only enrolments ACTIVA on hoy (member not left, end empty/sentinel or today or later). */
  soloActivos: boolean;
  /** Only members with a reciprocity agreement (a convenios_reciprocidad row). */
  enConvenio: boolean;
};

/** One enrolment as the query returns it (dates 'YYYY-MM-DD', the 0001-01-01 sentinel kept). */
export type EnrolamientoSqlRow = {
  /** The member (idafi): the 'view member' option opens /consultar-padron/<id>. */
  id: number;
  /** The enrolment row's own id (unique per row). */
  idenrolamiento: number;
  baperapell: string | null;
  bapernombr: string | null;
  dni: string;
  bagfmnroaf: string;
  bagfmfecba: string | null;
  enprfecvig: string;
  enprfecbaj: string;
  enprnromie: string | null;
  baperfenac: string | null;
  sexocodigo: string | null;
  localidad: string | null;
  dpto: string | null;
  pcia: string | null;
  codpostal: string | null;
  domicilio: string | null;
  telcelular: string | null;
  email: string | null;
  cobcaract: string | null;
  cobsubcaract: string | null;
  tipoconvenio: string | null;
  clasificacion_convenio: string | null;
  institucion_convenio: string | null;
  provincia_convenio: string | null;
  inicio_convenio: string | null;
  fin_convenio: string | null;
  /** The member's status on hoy. */
  estado: "ACTIVO" | "INACTIVO";
  /** The enrolment ended before hoy. */
  vencido: boolean;
};

export type Cobertura = {
  gravcodgra: number;
  gravdesgra: string;
  cobcaract: string | null;
  cobsubcaract: string | null;
};

const folded = (expr: string) => `strip_accents(lower(coalesce(${expr}, '')))`;
const VENCIDO = `(NOT ${isNullDateSql("e.enprfecbaj")} AND e.enprfecbaj < CAST($hoy AS DATE))`;

/** FROM + WHERE of a filter, and the parameters it binds (only those it uses: DuckDB refuses unused names). */
function whereOf(f: EnrolamientosFilter): { sql: string; params: Record<string, string | number> } {
  const conds = ["e.gravcodgra = $cod"];
  const params: Record<string, string | number> = { cod: f.cod_padron };
  let usesHoy = false;
  if (f.dni) {
    conds.push("a.numdoc = $dni");
    params.dni = f.dni;
  }
  if (f.apellidoLike) {
    conds.push(`${folded("a.baperapell")} LIKE ${folded("$apellido")} ESCAPE '\\'`);
    params.apellido = f.apellidoLike;
  }
  if (f.nombreLike) {
    conds.push(`${folded("a.bapernombr")} LIKE ${folded("$nombre")} ESCAPE '\\'`);
    params.nombre = f.nombreLike;
  }
  if (f.soloInactivos) {
    conds.push(`${estadoSql("a", "$hoy")} = 'INACTIVO'`);
    usesHoy = true;
  }
  if (f.soloVencidos) {
    conds.push(VENCIDO);
    usesHoy = true;
  }
  if (f.soloActivos) {
    conds.push(coberturaActivaSql("e", "a", "$hoy"));
    usesHoy = true;
  }
  if (f.enConvenio) conds.push("EXISTS (SELECT 1 FROM convenios_reciprocidad cr WHERE cr.idafi = a.idafi)");
  if (usesHoy) params.hoy = f.hoy;
  return {
    sql: `FROM enrolamientos e JOIN afiliados a ON a.idafi = e.idafi WHERE ${conds.join(" AND ")}`,
    params,
  };
}

/** Surname, name (accents and case ignored), member, enrolment: of the sources (a, e) and of the CTE (s). */
const ORDER_SOURCES = `${folded("a.baperapell")}, ${folded("a.bapernombr")}, e.idafi, e.id`;
const ORDER_SEL = `${folded("s.baperapell")}, ${folded("s.bapernombr")}, s.idafi, s.idenrolamiento`;

/**
 * The rows' SELECT: the filtered enrolments (CTE; a page is cut there, so the address and agreement lookups below
 * run for its 20 rows, not for every enrolment of the coverage), one address and the latest agreement of each.
 */
function selectSql(where: string, page: string): string {
  return `WITH sel AS (
    SELECT e.id AS idenrolamiento, e.idafi, e.gravcodgra, e.enprfecvig, e.enprfecbaj, e.enprnromie,
      a.baperapell, a.bapernombr, a.numdoc, a.nroafi, a.fechbaja, a.baperfenac, a.sexocodigo,
      ${estadoSql("a", "$hoy")} AS estado, ${VENCIDO} AS vencido
    ${where}
    ${page ? `ORDER BY ${ORDER_SOURCES} ${page}` : ""}
  )
  SELECT s.idafi AS id, s.idenrolamiento, s.baperapell, s.bapernombr, s.numdoc AS dni, s.nroafi AS bagfmnroaf,
    s.fechbaja AS bagfmfecba, s.enprfecvig, s.enprfecbaj, s.enprnromie, s.baperfenac, s.sexocodigo,
    d.localidad, d.departamento AS dpto, d.provincia AS pcia, d.codpostal,
    nullif(trim(concat_ws(' ', d.bedomcalle, d.bedomnumer)), '') AS domicilio, d.telcelular, d.email,
    cob.cobcaract, cob.cobsubcaract,
    c.tipoconvenio, c.clasificacion_convenio, c.institucion_convenio, c.provincia_convenio, c.inicio_convenio,
    c.fin_convenio, s.estado, s.vencido
  FROM sel s
  LEFT JOIN coberturas cob ON cob.gravcodgra = s.gravcodgra
  LEFT JOIN (
    SELECT DISTINCT ON (idafi) * FROM domicilios WHERE idafi IN (SELECT idafi FROM sel) ORDER BY idafi, id
  ) d ON d.idafi = s.idafi
  LEFT JOIN (
    SELECT DISTINCT ON (idafi) * FROM convenios_reciprocidad WHERE idafi IN (SELECT idafi FROM sel)
    ORDER BY idafi, inicio_convenio DESC NULLS LAST, id DESC
  ) c ON c.idafi = s.idafi
  ORDER BY ${ORDER_SEL}`;
}

function rowsQuery(f: EnrolamientosFilter, page?: { limit: number; offset: number }): [string, QueryParams] {
  const w = whereOf(f);
  const params: Record<string, string | number> = { ...w.params, hoy: f.hoy };
  const sql = selectSql(w.sql, page ? "LIMIT $limit OFFSET $offset" : "");
  if (page) {
    params.limit = Math.max(0, Math.floor(page.limit));
    params.offset = Math.max(0, Math.floor(page.offset));
  }
  return [sql, params];
}

/** One page (limit/offset) of the filter's rows, or all of them without `page`. Order: surname, name, member, row. */
export function enrolamientosRows(
  reader: SnapshotReader,
  f: EnrolamientosFilter,
  page?: { limit: number; offset: number },
): Promise<EnrolamientoSqlRow[]> {
  const [sql, params] = rowsQuery(f, page);
  return reader.all<EnrolamientoSqlRow>(sql, params);
}

/** How many enrolments the filter selects. */
export async function enrolamientosCount(reader: SnapshotReader, f: EnrolamientosFilter): Promise<number> {
  const w = whereOf(f);
  const [row] = await reader.all<{ n: number }>(`SELECT count(*)::INTEGER AS n ${w.sql}`, w.params);
  return row?.n ?? 0;
}

/** Every row of the filter in batches (the Excel export): never the whole list in memory. */
export function enrolamientosBatches(
  reader: SnapshotReader,
  f: EnrolamientosFilter,
  batchRows = 5_000,
): AsyncGenerator<EnrolamientoSqlRow[]> {
  const [sql, params] = rowsQuery(f);
  return reader.batches<EnrolamientoSqlRow>(sql, params, batchRows);
}

/** The coverages of the snapshot (the coverage select and GET /api/enrolamiento/coberturas), by code. */
export function coberturasRows(reader: SnapshotReader): Promise<Cobertura[]> {
  return reader.all<Cobertura>(
    "SELECT gravcodgra, gravdesgra, cobcaract, cobsubcaract FROM coberturas ORDER BY gravcodgra",
  );
}
