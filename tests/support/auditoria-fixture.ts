// Hand-built audits with known answers (docs/decisions/013-audit-time-metrics.md), shared by the query test and
// the module test. Two audit days (Mon 10 and Tue 11 March 2025) and three auditors:
//
// AUDT1, shift 08:00–14:00
//   10/03  #1001 carga 08:05:00 → audit 08:10:00   300 s                 first of the day
//          #1002 carga 08:11:00 → audit 08:12:30    90 s (fast)          gap   150 s
//          #1003 carga 06:30:00 → audit 08:27:30   día anterior          gap   900 s (exactly 15 min: not long)
//          #1004 carga 08:20:00 → audit 09:00:00  2400 s                 gap  1950 s (long)
//          #1005 carga 09:05:00 → audit 13:30:00 15900 s                 gap 16200 s (long), last of the day
//   11/03  #1101 carga 08:30:00 → audit 08:40:00   600 s                 first of the day (40 min late)
//          #1102 carga 08:40:00 → audit 08:42:00   120 s (not fast)      gap   120 s
//          #1103 carga 08:50:00 → audit 13:50:00 18000 s (max)           gap 18480 s (long), last of the day
//   12/03  #1201 outside the period
// AUDT2, shift 07:00–13:00, only 10/03
//          #2001 carga 07:05:00 → audit 07:10:00   300 s
//          #2002 carga 07:10:00 → audit 07:11:00    60 s (fast, team min) gap    60 s
//          #2003 carga 09/03 22:00 → audit 07:20:00 día anterior          gap   540 s
//          #2004 carga 12:00:00 → audit 12:50:00  3000 s                 gap 19800 s (long)
// AUDT3, no shift, only 11/03
//          #3001 carga 15:00:00 → audit 15:01:30    90 s (fast)
//          #3002 carga 16:00:00 → audit 15:30:00   load after audit: no time   gap 1710 s (long)
// plus #9001, not audited ('SIN AUDITORIA').
import { sqlRows } from "./db";

export const DESDE = "2025-03-10";
export const HASTA = "2025-03-11";

type Row = [nro: number, auditor: string, carga: string | null, auditoria: string | null];

const ROWS: Row[] = [
  [1001, "AUDT1", "2025-03-10 08:05:00", "2025-03-10 08:10:00"],
  [1002, "AUDT1", "2025-03-10 08:11:00", "2025-03-10 08:12:30"],
  [1003, "AUDT1", "2025-03-10 06:30:00", "2025-03-10 08:27:30"],
  [1004, "AUDT1", "2025-03-10 08:20:00", "2025-03-10 09:00:00"],
  [1005, "AUDT1", "2025-03-10 09:05:00", "2025-03-10 13:30:00"],
  [1101, "AUDT1", "2025-03-11 08:30:00", "2025-03-11 08:40:00"],
  [1102, "AUDT1", "2025-03-11 08:40:00", "2025-03-11 08:42:00"],
  [1103, "AUDT1", "2025-03-11 08:50:00", "2025-03-11 13:50:00"],
  [1201, "AUDT1", "2025-03-12 08:00:00", "2025-03-12 09:00:00"],
  [2001, "AUDT2", "2025-03-10 07:05:00", "2025-03-10 07:10:00"],
  [2002, "AUDT2", "2025-03-10 07:10:00", "2025-03-10 07:11:00"],
  [2003, "AUDT2", "2025-03-09 22:00:00", "2025-03-10 07:20:00"],
  [2004, "AUDT2", "2025-03-10 12:00:00", "2025-03-10 12:50:00"],
  [3001, "AUDT3", "2025-03-11 15:00:00", "2025-03-11 15:01:30"],
  [3002, "AUDT3", "2025-03-11 16:00:00", "2025-03-11 15:30:00"],
  [9001, "SIN AUDITORIA", "2025-03-10 10:00:00", null],
];

/**
 * Days with a single audit (issue 10: 0, 1 and many audits), outside the period above so the figures of DESDE..HASTA
 * stay as they are. Inserted by insertAuditoriasSueltas() only.
 *   01/04  AUDT4 (no shift) #4001 carga 09:00:00 → audit 09:03:00   180 s   the only audit of the day
 *   02/04  AUDT5 (no shift) #5001 carga 01/04 18:00 → audit 08:00:00   día anterior (no time)   the only audit of the day
 *   03/04  no audit at all
 */
export const DIA_UNA_AUDITORIA = "2025-04-01";
export const DIA_UNA_DIA_ANTERIOR = "2025-04-02";
export const DIA_SIN_AUDITORIAS = "2025-04-03";

const SUELTAS: Row[] = [
  [4001, "AUDT4", "2025-04-01 09:00:00", "2025-04-01 09:03:00"],
  [5001, "AUDT5", "2025-04-01 18:00:00", "2025-04-02 08:00:00"],
];

export async function insertAuditoriasSueltas(): Promise<void> {
  await insertRows(SUELTAS);
}

/** Inserts the rows above and the shifts of AUDT1 and AUDT2 into the current test database. */
export async function insertAuditoriaFixture(): Promise<void> {
  await insertRows(ROWS);
  await sqlRows(
    `insert into turnos_auditores (auditor, inicio_turno, fin_turno) values ('AUDT1', '08:00', '14:00'), ('AUDT2', '07:00', '13:00')`,
  );
  // One row in the other snapshot tables (an empty table's CSV stream is not loaded by the refresh yet).
  await sqlRows(
    `insert into responsables (nombre, cuit) values ('RESPONSABLE DE PRUEBA', '20000000001') on conflict do nothing`,
  );
  await sqlRows(
    `insert into efectores (codigo, nommedefector) values ('E0001', 'EFECTOR DE PRUEBA') on conflict do nothing`,
  );
}

async function insertRows(rows: Row[]): Promise<void> {
  for (const [nro, auditor, carga, auditoria] of rows) {
    await sqlRows(
      `insert into autorizaciones (nroautorizacion, practica, descpractica, autorizo, modalidad, fecha, usuarioauditoria,
         fecha_hora_carga, fecha_hora_carga_original, fecha_hora_auditoria, nombreafiliado)
       values ($1, '420101', 'CONSULTA MEDICA', 'AUTORIZADA', 'PREVIA', $2, $3, $4, $4, $5, 'PRUEBA AFILIADO')`,
      [nro, (auditoria ?? carga ?? "2025-03-10").slice(0, 10), auditor, carga, auditoria],
    );
  }
}
