// What a snapshot holds: the Postgres tables copied as they are (only the columns reports read) and the
// tables derived from them inside DuckDB once per refresh, so that report queries never repeat that work.
//
// Base tables are streamed with COPY (SELECT <columns> ...) TO STDOUT (CSV) from the read replica; the
// column order of `select` must match `columns`. Derived tables are built with plain DuckDB SQL after all
// base tables are loaded, in the order listed.
import { VOLUNTARIOS_TABLE } from "./queries/voluntarios";
import { MEMBER_TABLES } from "./tables-afiliados";
import type { BaseTable, DerivedTable } from "./table-types";

const AUTORIZACIONES_COLUMNS: BaseTable["columns"] = [
  ["id", "BIGINT"],
  ["nroautorizacion", "BIGINT"],
  ["numautreferenciada", "BIGINT"],
  ["nroafiliado", "VARCHAR", "uncompressed"],
  ["nombreafiliado", "VARCHAR", "uncompressed"],
  ["cuil", "VARCHAR", "uncompressed"],
  ["practica", "VARCHAR"],
  ["subitem", "VARCHAR"],
  ["descpractica", "VARCHAR"],
  ["cobertura", "INTEGER"],
  ["autorizo", "VARCHAR"],
  ["modalidad", "VARCHAR"],
  ["estadoambint", "VARCHAR"],
  ["fecha", "DATE"],
  ["hora", "TIME"],
  ["cantidad", "INTEGER"],
  ["coseguro", "DECIMAL(14,2)"],
  ["entidad", "VARCHAR"],
  ["usuarioautorizacion", "VARCHAR"],
  ["usuarioauditoria", "VARCHAR"],
  ["fecha_hora_carga", "TIMESTAMP"],
  ["fecha_hora_carga_original", "TIMESTAMP"],
  ["fecha_hora_auditoria", "TIMESTAMP"],
  ["codigo_efector", "VARCHAR"],
  ["matmedefector", "VARCHAR"],
  ["nommedefector", "VARCHAR"],
  ["responsable", "VARCHAR"],
  ["cuit_responsable", "VARCHAR"],
  ["anulado", "BOOLEAN"],
  ["autoken", "VARCHAR", "uncompressed"],
  ["montoautgasto", "DECIMAL(14,2)"],
  ["montoauthonorario", "DECIMAL(14,2)"],
];

export const BASE_TABLES: BaseTable[] = [
  { name: "autorizaciones", from: "autorizaciones", columns: AUTORIZACIONES_COLUMNS, ownStream: true },
  {
    name: "turnos_auditores",
    from: "turnos_auditores",
    columns: [
      ["auditor", "VARCHAR"],
      ["inicio_turno", "TIME"],
      ["fin_turno", "TIME"],
    ],
  },
  {
    name: "responsables",
    from: "responsables",
    columns: [
      ["id", "INTEGER"],
      ["nombre", "VARCHAR"],
      ["cuit", "VARCHAR"],
    ],
  },
  {
    name: "efectores",
    from: "efectores",
    columns: [
      ["codigo", "VARCHAR"],
      ["matriculas", "VARCHAR"],
      ["nommedefector", "VARCHAR"],
      ["matmedefector", "VARCHAR"],
    ],
  },
  ...MEMBER_TABLES,
];

/** Hour of the audit day before which a load counts as "del día anterior" (spec part 2 §9). */
const DIA_ANTERIOR_HORA = 7;

/**
 * auditorias: one row per audited authorisation (auditor code starting with AUD and an audit time), with the
 * per-row facts every audit metric needs, computed once per refresh (definitions: docs/decisions/013):
 * - dia: the audit date; auditor: usuarioauditoria.
 * - dia_anterior: loaded before 07:00 of the audit date (these are counted and listed apart and left out of
 *   the time metrics, because their waiting time is not the auditor's response time).
 * - segundos_auditoria: seconds from fecha_hora_carga to fecha_hora_auditoria (NULL when dia_anterior or when
 *   the load time is missing or after the audit).
 * - segundos_desde_anterior: seconds since the same auditor's previous audit on the same day (NULL for the
 *   first audit of the day); gaps never cross days.
 */
export const DERIVED_TABLES: DerivedTable[] = [
  {
    name: "auditorias",
    sql: `
      CREATE TABLE auditorias AS
      WITH a AS (
        SELECT id, nroautorizacion, usuarioauditoria AS auditor, fecha_hora_carga, fecha_hora_carga_original,
               fecha_hora_auditoria, CAST(fecha_hora_auditoria AS DATE) AS dia
        FROM autorizaciones
        WHERE usuarioauditoria LIKE 'AUD%' AND fecha_hora_auditoria IS NOT NULL
      )
      SELECT id, nroautorizacion, auditor, fecha_hora_carga, fecha_hora_carga_original, fecha_hora_auditoria, dia,
             coalesce(fecha_hora_carga < dia + INTERVAL ${DIA_ANTERIOR_HORA} HOUR, false) AS dia_anterior,
             CASE WHEN fecha_hora_carga IS NULL OR fecha_hora_carga < dia + INTERVAL ${DIA_ANTERIOR_HORA} HOUR
                       OR fecha_hora_carga > fecha_hora_auditoria THEN NULL
                  ELSE date_diff('second', fecha_hora_carga, fecha_hora_auditoria) END::INTEGER AS segundos_auditoria,
             date_diff('second',
               lag(fecha_hora_auditoria) OVER (PARTITION BY auditor, dia ORDER BY fecha_hora_auditoria, id),
               fecha_hora_auditoria)::INTEGER AS segundos_desde_anterior
      FROM a
      ORDER BY dia, auditor, fecha_hora_auditoria, id`,
  },
  VOLUNTARIOS_TABLE,
];
