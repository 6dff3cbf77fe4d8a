// The tables of 'OSEP / Consulta de Consumos de Prestadores', defined once (ADR 072): an efector's practices, the
// authorisations of one practice (the practice dialog) and the ranking of efectores. The screen's grids, the PDFs,
// the scheduled workbooks and their tests all read these lists.
import {
  formatCoseguro,
  type AutorizacionConsumida,
  type ConsumoPractica,
  type RankingConsumo,
} from "~/modules/estadisticas/rules";
import type { ReportTable } from "~/modules/reporting/report-columns";

/** '33.01.01 / 02', or the practice alone without a subitem. */
const practicaLabel = (r: { practica: string; subitem: string | null }) =>
  r.subitem ? `${r.practica} / ${r.subitem}` : r.practica;

export const PRACTICAS: ReportTable<ConsumoPractica> = {
  title: "Prácticas consumidas",
  sheet: "Consumos por Efector",
  rowKey: (r) => `${r.practica}/${r.subitem}`,
  columns: [
    { key: "practica", header: "Práctica", kind: "code", value: practicaLabel, width: 14 },
    { key: "descpractica", header: "Descripción", value: (r) => r.descpractica, wrap: true, width: 40 },
    { key: "cant_practica", header: "Cantidad", kind: "count", value: (r) => r.cant_practica },
    { key: "cant_autorizaciones", header: "Autorizaciones", kind: "count", value: (r) => r.cant_autorizaciones },
  ],
};

export const AUTORIZACIONES: ReportTable<AutorizacionConsumida> = {
  title: "Autorizaciones consumidas",
  sheet: "Autorizaciones",
  paramPrefix: "listado_",
  rowKey: (r) => r.nroautorizacion,
  columns: [
    { key: "nroautorizacion", header: "N° Autorización", kind: "number", value: (r) => r.nroautorizacion, width: 14 },
    { key: "nroafiliado", header: "N° Afiliado", kind: "code", value: (r) => r.nroafiliado, width: 12 },
    { key: "nombreafiliado", header: "Afiliado", value: (r) => r.nombreafiliado, wrap: true, width: 30 },
    { key: "fechahora", header: "Fecha y Hora", kind: "datetime", value: (r) => r.fechahora, width: 17 },
    { key: "cantidad", header: "Cantidad", kind: "count", value: (r) => r.cantidad },
    {
      key: "coseguro",
      header: "Coseguro",
      kind: "money",
      value: (r) => Number(r.coseguro ?? 0),
      text: (r) => formatCoseguro(r.coseguro),
      width: 12,
    },
    { key: "modalidad", header: "Modalidad", value: (r) => r.modalidad, width: 12 },
    { key: "entidad", header: "Entidad", value: (r) => r.entidad, wrap: true, width: 20 },
  ],
};

export const RANKING: ReportTable<RankingConsumo> = {
  title: "Ranking de consumos por efector",
  sheet: "Ranking de Consumos",
  paramPrefix: "ranking_",
  rowKey: (r) => r.codigo,
  columns: [
    { key: "posicion", header: "Posición", kind: "count", value: (r) => r.posicion, width: 9 },
    { key: "codigo", header: "Código", kind: "code", value: (r) => r.codigo, width: 10 },
    { key: "nommedefector", header: "Efector", value: (r) => r.nommedefector, wrap: true, width: 34 },
    { key: "matmedefector", header: "Matrícula", kind: "code", value: (r) => r.matmedefector, width: 10 },
    { key: "cant_practicas", header: "Prácticas", kind: "count", value: (r) => r.cant_practicas },
    { key: "cant_autorizaciones", header: "Autorizaciones", kind: "count", value: (r) => r.cant_autorizaciones },
    { key: "total_coseguro", header: "Coseguro", kind: "money", value: (r) => r.total_coseguro, width: 14 },
    {
      key: "total_importe",
      header: "Importe (honorarios + gastos)",
      kind: "money",
      value: (r) => r.total_importe,
      width: 16,
    },
  ],
};
