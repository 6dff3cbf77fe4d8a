// bench:reports, part 3: the four monthly reports of a schedule written (issue 29, goal ≤ 60 s). Four 'mes-anterior'
// PDF schedules (tiempos-auditoria, consumos-prestadores of the month's busiest efector, ranking-consumos,
// preliquidacion of the busiest responsable), due at the same minute, run through the scheduler's own run function
// (runProgramacion: the per-schedule lock, the file written whole and renamed, its row) at once; the time until the
// four files are on disk, beside the anchor: Chromium alone printing the same four HTML documents at once. The bench
// database gets these four schedules and their files' rows for the run and loses them after it (REPORTS_DIR is a
// temporary directory).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { reportesArchivos, reportesProgramaciones } from "~db/schema/reportes";
import { withSnapshot } from "~reporting/index";
import { consumosHtml } from "~/modules/estadisticas/reports/consumos.server";
import { tiemposAuditoriaHtml } from "~/modules/estadisticas/reports/tiempos-auditoria.server";
import { preliquidacionHtml } from "~/modules/prestadores/preliquidacion-report.server";
import { runProgramacion } from "~/modules/reportes-programados/run.server";

export type Month = { fecha_desde: string; fecha_hasta: string; responsable: string };
type Print = (html: string, tagged?: boolean) => Promise<number>;

/** The efector with the most consumed authorisations in the month. */
export function busiestEfector(month: Month): Promise<string> {
  return withSnapshot(async (reader) => {
    const [row] = await reader.all<{ codigo: string }>(
      `SELECT codigo_efector AS codigo FROM autorizaciones
        WHERE fecha BETWEEN CAST($desde AS DATE) AND CAST($hasta AS DATE) AND codigo_efector IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      { desde: month.fecha_desde, hasta: month.fecha_hasta },
    );
    return row.codigo;
  });
}

/** The instant of the run: the first of the month after `month`, 06:00 in the insurer's time zone (09:00 UTC). */
function runInstant(month: Month): Date {
  const [y, m] = month.fecha_desde.split("-").map(Number);
  return new Date(Date.UTC(y, m, 1, 9, 0, 0));
}

/** Times the four scheduled PDFs of `month`, and the anchor; returns [ours ms, anchor ms, total bytes]. */
export async function measureScheduledReports(month: Month, print: Print): Promise<[number, number, number]> {
  const efector = await busiestEfector(month);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-programados-"));
  process.env.REPORTS_DIR = dir;
  const db = await getDb();
  const rows = await db
    .insert(reportesProgramaciones)
    .values(
      (["tiempos-auditoria", "consumos-prestadores", "ranking-consumos", "preliquidacion"] as const).map((reporte) => ({
        reporte,
        periodo: "mes-anterior",
        formato: "pdf",
        cron: "0 6 1 * *",
        responsable: reporte === "preliquidacion" ? month.responsable : null,
        efector: reporte === "consumos-prestadores" ? efector : null,
      })),
    )
    .returning({ id: reportesProgramaciones.id });
  const ids = rows.map((r) => r.id);
  try {
    const now = runInstant(month);
    const started = performance.now();
    const outcomes = await Promise.all(ids.map((id) => runProgramacion(id, { now })));
    const ours = performance.now() - started;
    const failed = outcomes.find((o) => !o.ok);
    if (failed) throw new Error(`una programación falló: ${JSON.stringify(failed)}`);
    const bytes = fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
    const meta = { impresoPor: "bench (bench)" };
    const periodo = { fecha_desde: month.fecha_desde, fecha_hasta: month.fecha_hasta };
    const htmls = await Promise.all([
      tiemposAuditoriaHtml(periodo, meta),
      consumosHtml("efector", { ...periodo, codigo_efector: efector }, meta),
      consumosHtml("ranking", { ...periodo, codigo_efector: "" }, meta),
      preliquidacionHtml({ ...periodo, responsable: month.responsable }, meta),
    ]);
    const anchorStarted = performance.now();
    await Promise.all(htmls.map((html, i) => print(html, i !== 3))); // the pre-settlement prints untagged (ADR 057)
    return [ours, performance.now() - anchorStarted, bytes];
  } finally {
    await db.delete(reportesArchivos).where(inArray(reportesArchivos.programacionId, ids));
    await db.delete(reportesProgramaciones).where(inArray(reportesProgramaciones.id, ids));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
