// How an authorisation reads on screen, in its dialogs and in the exports (labels of spec part 1 §3, §4, §8).
// Pure and browser-safe; the status rules themselves live in ../rules.ts.
import { formatDateAR } from "~/lib/dates";
import { formatPesos } from "~/lib/money";
import {
  ambIntLabel,
  auditorLabel,
  authRowTone,
  CUIL_MISSING_SHORT,
  isVencida,
  paymentLabel,
} from "~/modules/afiliados/rules";
import type { AutorizacionRow } from "~/modules/afiliados/autorizaciones.schema";

export function coverageText(r: Pick<AutorizacionRow, "cobertura" | "desccobertura">): string {
  if (r.cobertura == null) return "";
  return r.desccobertura ? `${r.cobertura} - ${r.desccobertura}` : String(r.cobertura);
}

export function timeText(hora: string | null): string {
  return hora ? hora.slice(0, 5) : "";
}

export function cuilOrMissing(cuil: string | null): string {
  return cuil && cuil.trim() && !/^[0\-\s]+$/.test(cuil) ? cuil.trim() : CUIL_MISSING_SHORT;
}

/** DataTable row class of an authorisation (orange expired PREVIA, red denied, green DIF/OTRO). */
export function authRowClass(r: AutorizacionRow, today: string): string | undefined {
  const tone = authRowTone(r, today);
  return tone === "danger" || tone === "warning" || tone === "success" ? `ui-row--${tone}` : undefined;
}

/** Modality text with the VENCIDA mark for an expired PREVIA. */
export function modalidadText(r: AutorizacionRow, today: string): string {
  return isVencida(r, today) ? `${r.modalidad} (VENCIDA)` : r.modalidad;
}

/** Every authorisation field of spec §3 with its label, as the detail dialog shows them. */
export function authDetailFields(r: AutorizacionRow, today: string): [string, string][] {
  return [
    ["N° Autorización", String(r.nroautorizacion)],
    ["N° Aut. Referenciada", r.numautreferenciada == null ? "" : String(r.numautreferenciada)],
    ["N° Expediente", r.num_exp ?? ""],
    ["Afiliado", r.nombreafiliado ?? ""],
    ["N° Afiliado", r.nroafiliado ?? ""],
    ["CUIL", cuilOrMissing(r.cuil)],
    ["Práctica", [r.practica, r.subitem].filter(Boolean).join(" / ")],
    ["Descripción", r.descpractica ?? ""],
    ["Cobertura", coverageText(r)],
    ["Autorizó", r.autorizo],
    ["Modalidad", modalidadText(r, today)],
    ["Estado A/I", ambIntLabel(r.estadoambint, r.nrointernacion)],
    ["N° Internación", r.nrointernacion == null ? "" : String(r.nrointernacion)],
    ["Fecha", formatDateAR(r.fecha)],
    ["Hora", timeText(r.hora)],
    ["Fecha emisión", formatDateAR(r.fechaemision)],
    ["Fecha solicitud", formatDateAR(r.fechasolicitud)],
    ["Fecha vencimiento", formatDateAR(r.fechavto)],
    ["Cantidad", String(r.cantidad)],
    ["Tipo de pago", paymentLabel(r.tipopago)],
    ["Coseguro", formatPesos(r.coseguro)],
    ["Estado", r.estado ?? ""],
    ["Entidad", r.entidad ?? ""],
    ["Delegación", r.delegacion ?? ""],
    ["Tipo delegación", r.tipo_delegacion ?? ""],
    ["Auditor", auditorLabel(r.usuarioauditoria)],
    ["Matrícula prescriptor", r.matmedprescriptor ?? ""],
    ["Médico prescriptor", r.nommedprescriptor ?? ""],
    ["Matrícula efector", r.matmedefector ?? ""],
    ["Médico efector", r.nommedefector ?? ""],
    ["Código de autorización (token)", r.autoken ?? ""],
    ["Monto gastos", formatPesos(r.montoautgasto)],
    ["Monto honorarios", formatPesos(r.montoauthonorario)],
  ];
}
