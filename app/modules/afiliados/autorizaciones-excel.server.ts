// Excel sheets of authorisations: the member's list (sheet 'Autorizaciones', the 18 columns of spec part 1 §9)
// and a stay's authorisations (the dialog's columns). Streamed from the keyset generator.
import type { ExcelColumn } from "~reporting/render/excel";
import { coverageText, cuilOrMissing, timeText } from "./components/autorizacion-format";
import { ambIntLabel, paymentLabel } from "./rules";
import type { AutorizacionRow } from "./autorizaciones.schema";

export const AUTH_SHEET = "Autorizaciones";

export const AUTH_EXCEL_COLUMNS: ExcelColumn<AutorizacionRow>[] = [
  { header: "Número", value: (r) => r.nroautorizacion, type: "integer", width: 12 },
  { header: "Afiliado", value: (r) => r.nombreafiliado, width: 32 },
  { header: "CUIL", value: (r) => cuilOrMissing(r.cuil), width: 16 },
  { header: "N° Afiliado", value: (r) => r.nroafiliado, width: 16 },
  { header: "Práctica", value: (r) => r.practica, width: 12 },
  { header: "Descripción", value: (r) => r.descpractica, width: 40 },
  { header: "Cobertura", value: (r) => coverageText(r), width: 24 },
  { header: "Autorizó", value: (r) => r.autorizo, width: 14 },
  { header: "Modalidad", value: (r) => r.modalidad, width: 24 },
  { header: "Estado A/I", value: (r) => ambIntLabel(r.estadoambint, r.nrointernacion), width: 22 },
  { header: "Fecha", value: (r) => r.fecha, type: "date", width: 12 },
  { header: "Hora", value: (r) => timeText(r.hora), width: 8 },
  { header: "Cantidad", value: (r) => r.cantidad, type: "integer", width: 10 },
  { header: "Tipo de Pago", value: (r) => paymentLabel(r.tipopago), width: 22 },
  { header: "Coseguro", value: (r) => r.coseguro, type: "money", width: 12 },
  { header: "Estado", value: (r) => r.estado, width: 12 },
  { header: "Entidad", value: (r) => r.entidad, width: 32 },
  { header: "Delegación", value: (r) => r.delegacion, width: 24 },
];

export const STAY_EXCEL_COLUMNS: ExcelColumn<AutorizacionRow>[] = [
  { header: "N° Autorización", value: (r) => r.nroautorizacion, type: "integer", width: 14 },
  { header: "Cobertura", value: (r) => coverageText(r), width: 24 },
  { header: "Cantidad", value: (r) => r.cantidad, type: "integer", width: 10 },
  { header: "Coseguro", value: (r) => r.coseguro, type: "money", width: 12 },
  { header: "Práctica", value: (r) => r.practica, width: 12 },
  { header: "Descripción", value: (r) => r.descpractica, width: 40 },
  { header: "Estado autorización", value: (r) => r.autorizo, width: 16 },
  { header: "Modalidad", value: (r) => r.modalidad, width: 24 },
  { header: "Fecha solicitud", value: (r) => r.fechasolicitud, type: "date", width: 14 },
  { header: "Fecha vencimiento", value: (r) => r.fechavto, type: "date", width: 14 },
  { header: "Estado coseguro", value: (r) => paymentLabel(r.tipopago), width: 22 },
  { header: "Entidad", value: (r) => r.entidad, width: 32 },
  { header: "Delegación", value: (r) => r.delegacion, width: 24 },
];
