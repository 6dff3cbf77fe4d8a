// The pre-settlement's detail (spec part 2 §2, 'Listado'), defined once (ADR 072): its 23 columns in the screen's
// order, each with its kind; the 12 marked printed are the PDF's (an A4 landscape page cannot take 23), their widths
// the printed table's shares. The screen's grid, the PDF, the scheduled workbook and their tests read this list.
import type { ColumnKind, ReportColumn, ReportTable } from "~/modules/reporting/report-columns";
import { LIQUIDACION_FIELDS, LIQUIDACION_LABELS, type LiquidacionRow } from "./liquidacion.schema";

type Field = (typeof LIQUIDACION_FIELDS)[number];

/** Each field's kind, whether it wraps, and its printed width (% of the page) when the PDF prints it. */
const SHAPE: Record<Field, { kind?: ColumnKind; wrap?: true; printed?: number }> = {
  nroautorizacion: { kind: "number", printed: 8.5 },
  fecha: { kind: "date", printed: 5.5 },
  practica: { kind: "code", printed: 5 },
  subitem: { kind: "code", printed: 4.5 },
  montoauthonorario: { kind: "money", printed: 7 },
  montoautgasto: { kind: "money", printed: 6.5 },
  numautreferenciada: { kind: "number" },
  matmedefector: { kind: "code", printed: 5 },
  nroafiliado: { kind: "code", printed: 8 },
  nombreafiliado: { wrap: true, printed: 20.5 },
  cuil: { kind: "code" },
  cantidad: { kind: "count", printed: 5 },
  estadoambint: {},
  cobertura: { kind: "number" },
  descpractica: { wrap: true, printed: 18.5 },
  usuarioautorizacion: { kind: "code" },
  modalidad: {},
  hora: { kind: "time" },
  autorizo: {},
  responsable: { wrap: true },
  entidad: { wrap: true },
  anulado: { printed: 6 },
  autoken: { kind: "code" },
};

function column(f: Field): ReportColumn<LiquidacionRow> {
  const { kind, wrap, printed } = SHAPE[f];
  return {
    key: f,
    header: LIQUIDACION_LABELS[f],
    kind,
    wrap,
    value: f === "anulado" ? (r) => (r.anulado ? "SI" : "NO") : (r) => r[f] as string | number | null,
    width: printed ?? (wrap ? 30 : undefined),
    ...(printed === undefined ? { outputs: ["screen", "excel"] as const } : {}),
  };
}

export const PRELIQUIDACION: ReportTable<LiquidacionRow> = {
  title: "Listado",
  sheet: "Preliquidación",
  rowKey: (r) => r.nroautorizacion,
  columns: LIQUIDACION_FIELDS.map(column),
};
