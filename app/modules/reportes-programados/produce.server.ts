// The contents of one scheduled report's file (docs/decisions/058): the same module functions the screens use, on
// the current reporting snapshot, written to `out` — XLSX through the one Excel writer (reporting/render/excel.ts),
// the pre-settlement's CSV through the liquidación's own CSV (DuckDB's writer), PDF through ./pdf.server.
import { once } from "node:events";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { LIQUIDACION_FIELDS, liquidacionRows, type LiquidacionRow } from "~reporting/index";
import { writeXlsx, writeXlsxSheets, type ExcelColumn } from "~reporting/render/excel";
import { fromSnapshot, type ReportResult } from "~/modules/reporting/snapshot.server";
import { estadisticasGenerales } from "~/modules/estadisticas/auditoria.server";
import {
  consumosEfector,
  rankingConsumos,
  type ConsumoPractica,
  type RankingConsumo,
} from "~/modules/estadisticas/consumos.server";
import { liquidacionCsvBody } from "~/modules/prestadores/liquidacion.server";
import { SHIFT_STATE_TEXT, type EstadisticaAuditor, type ShiftState } from "~/modules/estadisticas/rules";
import { reportePdf } from "./pdf.server";
import type { Formato, PeriodoFechas, Reporte } from "./rules";

/** What a run writes: the report, its format and filters, and the period. */
export type Encargo = {
  id: number;
  reporte: Reporte;
  formato: Formato;
  responsable: string | null;
  efector: string | null;
  periodo: PeriodoFechas;
};

/** A refusal of the report itself (no snapshot yet…): its Spanish message is what the schedule shows. */
export class ReportUnavailableError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = "ReportUnavailableError";
  }
}

function valueOf<T>(r: ReportResult<T>): T {
  if (!r.ok) throw new ReportUnavailableError(r.msg);
  return r.value;
}

const GENERAL: ExcelColumn<EstadisticaAuditor>[] = [
  { header: "Auditor", value: (e) => e.auditor, width: 16 },
  { header: "Autorizaciones", value: (e) => e.datos.cantidad_autorizaciones, type: "integer" },
  { header: "Con tiempo", value: (e) => e.datos.cantidad_con_tiempo, type: "integer" },
  { header: "Tiempo promedio (min)", value: (e) => e.datos.tiempo_promedio },
  { header: "Tiempo mínimo (min)", value: (e) => e.datos.tiempo_minimo },
  { header: "Tiempo máximo (min)", value: (e) => e.datos.tiempo_maximo },
  { header: "Tiempo total (min)", value: (e) => e.datos.tiempo_total },
  { header: "Menos de 2 minutos", value: (e) => e.cant_autorizaciones_menor_2_minutos, type: "integer" },
  { header: "Interrupciones > 15 min", value: (e) => e.interrupciones_mayor_15_min, type: "integer" },
  { header: "Interrupción máxima (min)", value: (e) => e.interrupcion_maxima },
  { header: "Total interrupciones (min)", value: (e) => e.total_tiempo_interrupciones },
  { header: "Auditorías del día anterior", value: (e) => e.auditoria_dia_anterior, type: "integer" },
  { header: "Días con auditorías", value: (e) => e.dias_con_auditorias, type: "integer" },
];

type Horario = Awaited<ReturnType<typeof tiemposDe>>["tabla_horario_auditores"][number];
const estado = (s: ShiftState | null) => (s ? SHIFT_STATE_TEXT[s] : "");
const HORARIO: ExcelColumn<Horario>[] = [
  { header: "Auditor", value: (h) => h.auditor, width: 16 },
  { header: "Inicio de turno", value: (h) => h.inicio_turno },
  { header: "Primera auditoría", value: (h) => h.primera_auditoria, width: 20 },
  { header: "Minutos desde el inicio", value: (h) => h.minutos_desde_inicio_turno },
  { header: "Estado al inicio", value: (h) => estado(h.estado_inicio), width: 18 },
  { header: "Fin de turno", value: (h) => h.fin_turno },
  { header: "Última auditoría", value: (h) => h.ultima_auditoria, width: 20 },
  { header: "Minutos antes del fin", value: (h) => h.minutos_antes_fin_turno },
  { header: "Estado al fin", value: (h) => estado(h.estado_fin), width: 18 },
];

const CONSUMOS: ExcelColumn<ConsumoPractica>[] = [
  { header: "Práctica", value: (c) => c.practica },
  { header: "Subitem", value: (c) => c.subitem },
  { header: "Descripción", value: (c) => c.descpractica, width: 40 },
  { header: "Cantidad", value: (c) => c.cant_practica, type: "integer" },
  { header: "Autorizaciones", value: (c) => c.cant_autorizaciones, type: "integer" },
];

const RANKING: ExcelColumn<RankingConsumo>[] = [
  { header: "Posición", value: (r) => r.posicion, type: "integer" },
  { header: "Código", value: (r) => r.codigo },
  { header: "Efector", value: (r) => r.nommedefector, width: 30 },
  { header: "Matrícula", value: (r) => r.matmedefector },
  { header: "Autorizaciones", value: (r) => r.cant_autorizaciones, type: "integer" },
  { header: "Prácticas", value: (r) => r.cant_practicas, type: "integer" },
  { header: "Total coseguro", value: (r) => r.total_coseguro, type: "money" },
  { header: "Total importe", value: (r) => r.total_importe, type: "money" },
];

const MONEY = new Set(["montoauthonorario", "montoautgasto"]);
const PRELIQUIDACION: ExcelColumn<LiquidacionRow>[] = LIQUIDACION_FIELDS.map((f) => ({
  header: f,
  value: (r: LiquidacionRow) => {
    const v = (r as Record<string, unknown>)[f];
    return typeof v === "boolean" ? (v ? "SI" : "NO") : (v as string | number | null);
  },
  type: f === "fecha" ? ("date" as const) : MONEY.has(f) ? ("money" as const) : undefined,
}));

const filtro = (e: Encargo) => ({ fecha_desde: e.periodo.desde, fecha_hasta: e.periodo.hasta });

async function tiemposDe(e: Encargo) {
  return valueOf(await estadisticasGenerales({ ...filtro(e), auditor: null }));
}

async function preliquidacionRows(e: Encargo): Promise<LiquidacionRow[]> {
  const f = { desde: e.periodo.desde, hasta: e.periodo.hasta, cuit: e.responsable ?? "" };
  return valueOf(await fromSnapshot((reader) => liquidacionRows(reader, f)));
}

async function writeExcel(e: Encargo, out: Writable): Promise<void> {
  if (e.reporte === "tiempos-auditoria") {
    const t = await tiemposDe(e);
    await writeXlsxSheets(out, [
      { name: "General", columns: GENERAL, rows: t.estadisticas },
      { name: "Por auditor", columns: HORARIO, rows: t.tabla_horario_auditores },
    ]);
  } else if (e.reporte === "consumos-prestadores") {
    const rows = valueOf(await consumosEfector({ ...filtro(e), codigo_efector: e.efector ?? "" }));
    await writeXlsx(out, "Consumos por Efector", CONSUMOS, rows);
  } else if (e.reporte === "ranking-consumos") {
    await writeXlsx(out, "Ranking de Consumos", RANKING, valueOf(await rankingConsumos(filtro(e))));
  } else {
    await writeXlsx(out, "Preliquidación", PRELIQUIDACION, await preliquidacionRows(e));
  }
}

async function writeCsv(e: Encargo, out: Writable): Promise<void> {
  const f = { desde: e.periodo.desde, hasta: e.periodo.hasta, cuit: e.responsable ?? "" };
  const body = valueOf(await fromSnapshot((reader) => liquidacionCsvBody(reader, f)));
  await pipeline(Readable.fromWeb(body as Parameters<typeof Readable.fromWeb>[0]), out, { end: false });
}

/** Write the file's bytes to `out` (left open: the caller ends and syncs it). */
export async function produceReport(e: Encargo, out: Writable, meta: { impresoPor: string }): Promise<void> {
  if (e.formato === "xlsx") return writeExcel(e, out);
  if (e.formato === "csv") return writeCsv(e, out);
  const bytes = await reportePdf(
    e.reporte,
    { ...filtro(e), responsable: e.responsable ?? "", codigo_efector: e.efector ?? "" },
    meta,
  );
  if (!out.write(bytes)) await once(out, "drain");
}
