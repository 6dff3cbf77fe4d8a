// The registry feed's tables (issue 37, docs/registry-feed.md, docs/decisions/068-registry-feed.md): every table the
// screens read and no screen writes, in the order a run applies them (a table after those it refers to). The columns,
// their types and whether they are required come from the Drizzle schema (db/schema) — one source; this list adds what
// the schema cannot say: the natural key a file is matched on, how a row absent from a full load ends, the columns a
// file never carries, the references checked in the run and the checks beyond the type.
import type { PgTable } from "drizzle-orm/pg-core";
import * as s from "~db/schema";

/**
 * How a row ends when a full load no longer has it (or a delta removes it, `accion` = 'B'); nothing is deleted that
 * another record refers to:
 * - `delete`: the row is deleted, unless a row of another table refers to it (then it stays as it is);
 * - `{ date }`: the row stays and its date column is set to the import's day (insurer's time zone) when it was still
 *   open (the NULL_DATE sentinel, null, or a later date) — a member gets a `fechbaja`, an enrolment an end;
 * - `{ flag }`: the row stays and the boolean column is set true (an authorisation is annulled, never deleted).
 */
type EndRule = "delete" | { date: string; open: "sentinel" | "null" } | { flag: string };

/** A reference checked in the run: the column's value must be a key of `table` in the same run's file or the database. */
type FeedReference = { column: string; table: string; key: string; deferred?: boolean };

export type FeedTable = {
  /** The database table and the file's base name (`afiliados.csv`, `afiliados.delta.csv`). */
  name: string;
  table: PgTable;
  /** Database column names a file is matched on (unique in a file). */
  key: string[];
  end: EndRule;
  /** Database columns a file never carries: generated, or a surrogate id the database assigns. */
  omit?: string[];
  references?: FeedReference[];
  /** Column groups checked as a CUIL/CUIT (prefix, number, check digit — or one column of 11 digits). */
  cuil?: string[][];
};

/**
 * The feed, in dependency order. A `deferred` reference (the family group's holder, a member) is set after every
 * table of the run has applied: a group and its holder refer to each other.
 */
export const FEED_TABLES: readonly FeedTable[] = [
  { name: "motivos_baja", table: s.motivosBaja, key: ["bambacodig"], end: "delete" },
  { name: "coberturas", table: s.coberturas, key: ["gravcodgra"], end: "delete" },
  { name: "colegios", table: s.colegios, key: ["id"], end: "delete" },
  { name: "responsables", table: s.responsables, key: ["cuit"], omit: ["id"], end: "delete", cuil: [["cuit"]] },
  { name: "efectores", table: s.efectores, key: ["codigo"], omit: ["id"], end: "delete" },
  {
    name: "prestadores",
    table: s.prestadores,
    key: ["id"],
    end: "delete",
    references: [{ column: "colegio_id", table: "colegios", key: "id" }],
  },
  { name: "practicas", table: s.practicas, key: ["practica", "subitem", "origen"], omit: ["id"], end: "delete" },
  { name: "vademecum", table: s.vademecum, key: ["id"], end: "delete" },
  { name: "turnos_auditores", table: s.turnosAuditores, key: ["id"], end: "delete" },
  { name: "tramites", table: s.tramites, key: ["id"], end: "delete" },
  {
    name: "grupos_familiares",
    table: s.gruposFamiliares,
    key: ["id"],
    end: "delete",
    references: [{ column: "titular_idafi", table: "afiliados", key: "idafi", deferred: true }],
  },
  {
    name: "afiliados",
    table: s.afiliados,
    key: ["idafi"],
    omit: ["apeynom_norm"],
    end: { date: "fechbaja", open: "sentinel" },
    references: [
      { column: "grupo_familiar_id", table: "grupos_familiares", key: "id" },
      { column: "codmotbaja", table: "motivos_baja", key: "bambacodig" },
    ],
    cuil: [["cuil_prefijo", "cuil_nrocentral", "cuil_dtoverific"]],
  },
  {
    name: "domicilios",
    table: s.domicilios,
    key: ["id"],
    end: "delete",
    references: [{ column: "idafi", table: "afiliados", key: "idafi" }],
  },
  {
    name: "notas",
    table: s.notas,
    key: ["id"],
    end: "delete",
    references: [{ column: "idafi", table: "afiliados", key: "idafi" }],
  },
  {
    name: "aportes",
    table: s.aportes,
    key: ["id"],
    end: "delete",
    references: [{ column: "idafi", table: "afiliados", key: "idafi" }],
  },
  {
    name: "enrolamientos",
    table: s.enrolamientos,
    key: ["id"],
    end: { date: "enprfecbaj", open: "sentinel" },
    references: [
      { column: "idafi", table: "afiliados", key: "idafi" },
      { column: "gravcodgra", table: "coberturas", key: "gravcodgra" },
    ],
  },
  {
    name: "convenios_reciprocidad",
    table: s.conveniosReciprocidad,
    key: ["id"],
    end: { date: "fin_convenio", open: "null" },
    references: [{ column: "idafi", table: "afiliados", key: "idafi" }],
  },
  {
    name: "internaciones",
    table: s.internaciones,
    key: ["numero_orden"],
    omit: ["id"],
    end: "delete",
    references: [{ column: "idafi", table: "afiliados", key: "idafi" }],
  },
  {
    name: "consumos_farmacia",
    table: s.consumosFarmacia,
    key: ["id"],
    end: "delete",
    references: [{ column: "idafi", table: "afiliados", key: "idafi" }],
  },
  {
    name: "autorizaciones",
    table: s.autorizaciones,
    key: ["id"],
    end: { flag: "anulado" },
    references: [{ column: "idafi", table: "afiliados", key: "idafi" }],
  },
];

/** The feed table a name names, or undefined. */
export function feedTable(name: string): FeedTable | undefined {
  return FEED_TABLES.find((t) => t.name === name);
}
