// The results of 'OSEP / Tiempos de Auditoria Médica': the general table with the pie, or 'Info por Auditor', and
// the dialog the URL opens (an auditor's audited authorisations, those of the previous day, or one authorisation).
import type { ComponentProps } from "react";
import { Link } from "@remix-run/react";
import { UrlDialog } from "~/components/ui";
import { EQUIPO } from "~/modules/estadisticas/auditoria.schema";
import { AuditoriaAutorizacion, AuditoriaListado } from "./AuditoriaDialogos";
import {
  AuditoriaTablaGeneral,
  AuditoriaTablaPorAuditor,
  type AuditoriaFila,
  type AuditoriaHrefs,
} from "./AuditoriaTablas";
import { AuditoriaTorta } from "./AuditoriaTorta";

type Periodo = { fecha_desde: string; fecha_hasta: string };

/** The screen's URL: the period, then the non-blank extra parameters (vista, dialogo, auditor, nro). */
export function tiemposHref(values: Periodo, extra: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams(values);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== "") q.set(k, String(v));
  return `?${q.toString()}`;
}

export function TiemposResultados(props: {
  filas: AuditoriaFila[];
  vista: "general" | "auditor";
  values: Periodo;
  hrefs: AuditoriaHrefs;
  /** A link of the screen with the tables' order and filter kept. */
  keep: (href: string) => string;
}) {
  const { filas, values, hrefs, keep } = props;
  const auditores = filas.filter((f) => f.auditor !== EQUIPO);
  if (props.vista === "general") {
    return (
      <>
        <div className="aud-vista-nav">
          <Link to={keep(tiemposHref(values, { vista: "auditor" }))} className="ui-button ui-button--secondary">
            Info por Auditor
          </Link>
        </div>
        <div className="aud-general">
          <AuditoriaTablaGeneral filas={filas} hrefs={hrefs} />
          <AuditoriaTorta datos={auditores.map((f) => ({ id: f.auditor, value: f.datos.cantidad_autorizaciones }))} />
        </div>
      </>
    );
  }
  return (
    <>
      <div className="aud-vista-nav">
        <Link to={keep(tiemposHref(values, {}))} className="ui-button ui-button--secondary">
          Volver a Tabla General
        </Link>
      </div>
      <AuditoriaTablaPorAuditor filas={filas} hrefs={hrefs} />
      <p className="aud-sub aud-leyenda">
        Inicio y cierre: primera auditoría más tardía y última auditoría más temprana de un día del período, frente al
        turno; para el Equipo, primera y última auditoría del período. Verde: hasta 15 min; ámbar: hasta 30 min; rojo:
        más de 30 min. «-»: la métrica no existe para esa fila (por ejemplo, sin interrupciones con una sola auditoría
        en el día).
      </p>
    </>
  );
}

/** The dialog the URL opens. */
export type TiemposDialogoData =
  | {
      tipo: "listado" | "anteriores";
      auditor: string;
      resultado: ComponentProps<typeof AuditoriaListado>["rows"];
      total: number;
      truncado: boolean;
    }
  | { tipo: "autorizacion"; nro: number; autorizaciones: ComponentProps<typeof AuditoriaAutorizacion>["rows"] };

const quien = (a: string) => (a === EQUIPO ? "del equipo" : `de ${a}`);

export function TiemposDialogo(props: { dialogo: TiemposDialogoData; closeHref: string; hrefs: AuditoriaHrefs }) {
  const { dialogo, closeHref } = props;
  if (dialogo.tipo === "autorizacion") {
    return (
      <UrlDialog
        id="aud-dialogo-autorizacion"
        title={`Autorización N° ${dialogo.nro}`}
        closeHref={closeHref}
        className="aud-panel"
      >
        <AuditoriaAutorizacion rows={dialogo.autorizaciones} />
      </UrlDialog>
    );
  }
  return (
    <UrlDialog
      id="aud-dialogo-listado"
      title={
        dialogo.tipo === "anteriores"
          ? `Autorizaciones del día anterior ${quien(dialogo.auditor)}`
          : `Autorizaciones auditadas ${quien(dialogo.auditor)}`
      }
      closeHref={closeHref}
      className="aud-panel"
    >
      {dialogo.tipo === "anteriores" && <p className="aud-sub">Cargadas antes de las 7:00 del día de la auditoría.</p>}
      <AuditoriaListado
        rows={dialogo.resultado}
        total={dialogo.total}
        truncado={dialogo.truncado}
        autorizacionHref={props.hrefs.autorizacion}
      />
    </UrlDialog>
  );
}
