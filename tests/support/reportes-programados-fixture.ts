// The fixture of the scheduled-report tests (app/modules/reportes-programados/*.test.ts): a real database with the
// audit-time fixture and a responsable's two authorisations, a reporting snapshot of them, a fresh REPORTS_DIR per
// test, and the helpers that create schedules and read their files and rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { refreshSnapshot } from "~reporting/index";
import { adminActor, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { insertAuditoriaFixture } from "~tests/support/auditoria-fixture";
import type { SessionUser } from "~/auth/sessions.server";
import { crearProgramacion } from "~/modules/reportes-programados/programaciones.server";
import type { ProgramacionInput } from "~/modules/reportes-programados/reportes-programados.schema";
import { stopProgramaciones } from "~/modules/reportes-programados/scheduler.server";

export const CUIT = "30-44444445-7";
/** 09:00 in Catamarca on Tuesday 11 March 2025: the previous day is the fixture's 10 March. */
export const RUN_AT = new Date("2025-03-11T12:00:00Z");

/** Registers the file's hooks; `admin()` and `dir()` are the signed-in admin and this test's REPORTS_DIR. */
export function reportesProgramadosFixture() {
  let t: TestDb;
  let admin: SessionUser;
  let dir: string;
  beforeAll(async () => {
    t = await useTestDatabase();
    await insertAuditoriaFixture();
    await sqlRows("insert into responsables (nombre, cuit) values ('CLINICA DE PRUEBA', $1)", [CUIT]);
    for (const [nro, monto] of [
      [900001, "1500.50"],
      [900002, "99.00"],
    ] as const) {
      await sqlRows(
        `insert into autorizaciones (nroautorizacion, practica, descpractica, autorizo, modalidad, fecha, cantidad,
           cuit_responsable, codigo_efector, montoauthonorario, anulado)
         values ($1, '420101', 'CONSULTA MEDICA', 'AUTORIZADA', 'CONSUMO', '2025-03-10', 1, $2, 'E0001', $3, false)`,
        [nro, CUIT, monto],
      );
    }
    await refreshSnapshot();
    admin = await adminActor();
  }, 120_000);

  afterAll(async () => {
    await stopProgramaciones();
    await t?.cleanup();
  });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-reportes-"));
    process.env.REPORTS_DIR = dir;
    delete process.env.REPORTS_HISTORY;
  });

  let created = 0;
  /** A schedule; each with its own minute unless `cron` is given (identical active ones are refused, ADR 069). */
  async function crear(input: Partial<ProgramacionInput> = {}): Promise<number> {
    const cron = `${created++ % 60} 6 * * *`;
    const r = await crearProgramacion(
      { reporte: "tiempos-auditoria", periodo: "dia-anterior", formato: "xlsx", cron, ...input },
      admin,
    );
    if (!r.ok) throw new Error(r.msg);
    return r.programacion.id;
  }

  const files = () => fs.readdirSync(dir).sort();
  const rowsOf = (id: number) =>
    sqlRows<{ nombre: string; bytes: string; periodo_desde: string }>(
      "select nombre, bytes::text, periodo_desde::text from reportes_archivos where programacion_id = $1 order by id",
      [id],
    );
  const programacion = async (id: number) =>
    (
      await sqlRows<{ ultimo_error: string | null; ultima_ejecucion: Date | null; activo: boolean }>(
        "select ultimo_error, ultima_ejecucion, activo from reportes_programaciones where id = $1",
        [id],
      )
    )[0];

  return { admin: () => admin, dir: () => dir, crear, files, rowsOf, programacion };
}
