// 'OSEP / Tiempos de Auditoria Médica' (spec part 2 §2; metrics in docs/decisions/013-audit-time-metrics.md):
// period → general table ('equipo' first) and the pie 'Autorizaciones por Auditor'; 'Info por Auditor' shows every
// metric per auditor; links open the authorisation dialogs. GET form: the URL holds the period, the view
// (vista=auditor) and the open dialog (dialogo=listado|anteriores|autorizacion), so it all works without JavaScript.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, useAutoHide, UrlDialog } from "~/components/ui";
import { formatDateAR, todayISO } from "~/lib/dates";
import { parseInput, nroAutorizacionSchema } from "~/lib/input";
import { ERROR_TITLE } from "~/lib/messages";
import {
  autorizacionDetalle,
  autorizacionesAuditadas,
  estadisticasGenerales,
  type AutorizacionDetalle,
} from "~/modules/estadisticas/auditoria.server";
import {
  AutorizacionesQuerySchema,
  EQUIPO,
  EstadisticasQuerySchema,
  SCREEN_PATH,
  type EstadisticasQuery,
} from "~/modules/estadisticas/auditoria.schema";
import { AuditoriaAutorizacion, AuditoriaListado } from "~/modules/estadisticas/components/AuditoriaDialogos";
import {
  AuditoriaTablaGeneral,
  AuditoriaTablaPorAuditor,
  type AuditoriaFila,
  type AuditoriaHrefs,
} from "~/modules/estadisticas/components/AuditoriaTablas";
import { AuditoriaTorta } from "~/modules/estadisticas/components/AuditoriaTorta";
import { TiemposFiltros } from "~/modules/estadisticas/components/TiemposFiltros";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import styles from "~/styles/estadisticas-auditoria.css";
import type { AutorizacionAuditada } from "~/modules/estadisticas/rules";

const TITLE = "OSEP / Tiempos de Auditoria Médica";
/** Statistics messages hide after 2 s (spec part 2 §9). */
const MESSAGE_MS = 2000;
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Dialogo =
  | {
      tipo: "listado" | "anteriores";
      auditor: string;
      resultado: AutorizacionAuditada[];
      total: number;
      truncado: boolean;
    }
  | { tipo: "autorizacion"; nro: number; autorizaciones: AutorizacionDetalle[] };

async function loadDialogo(params: URLSearchParams, q: EstadisticasQuery): Promise<Dialogo | { error: string } | null> {
  const tipo = params.get("dialogo");
  if (tipo === "listado" || tipo === "anteriores") {
    // a list of rows: the listing's period limit (366 days), not the statistics' (10 years)
    const lq = parseInput(AutorizacionesQuerySchema, {
      fecha_desde: q.fecha_desde,
      fecha_hasta: q.fecha_hasta,
      auditor: params.get("auditor") ?? "",
      solo_dia_anterior: tipo === "anteriores",
    });
    if (!lq.ok) return { error: lq.msg };
    const r = await autorizacionesAuditadas(lq.data);
    if (!r.ok) return { error: r.msg };
    return { tipo, auditor: lq.data.auditor ?? EQUIPO, ...r.value };
  }
  if (tipo === "autorizacion") {
    const nro = parseInput(nroAutorizacionSchema, params.get("nro") ?? "");
    if (!nro.ok) return { error: nro.msg };
    const r = await autorizacionDetalle(nro.data);
    if (!r.ok) return { error: r.msg };
    return { tipo, nro: nro.data, autorizaciones: r.value };
  }
  return null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  const params = new URL(request.url).searchParams;
  const values = {
    fecha_desde: (params.get("fecha_desde") ?? todayISO()).slice(0, 10),
    fecha_hasta: (params.get("fecha_hasta") ?? todayISO()).slice(0, 10),
  };
  const base = {
    snapshot: reportSnapshot(user, request),
    values,
    vista: params.get("vista") === "auditor" ? ("auditor" as const) : ("general" as const),
    filas: null as AuditoriaFila[] | null,
    dialogo: null as Dialogo | null,
    error: null as string | null,
    errors: {} as Record<string, string>,
    unavailable: null as string | null,
  };
  if (!params.has("fecha_desde") && !params.has("fecha_hasta")) return json(base);

  const parsed = parseInput(EstadisticasQuerySchema, { ...values, auditor: "" });
  if (!parsed.ok) {
    const errors = Object.fromEntries(parsed.errors.map((e) => [e.param, e.msg]));
    return json({ ...base, error: parsed.msg, errors }, { status: 400 });
  }
  const q = parsed.data;
  const result = await estadisticasGenerales(q);
  if (!result.ok) return json({ ...base, unavailable: result.msg });
  const turnos = new Map(result.value.horario_auditores.map((h) => [h.auditor, h]));
  // The previous-day lists are opened in their own dialog: the page carries the counts only.
  const filas: AuditoriaFila[] = result.value.estadisticas.map(({ ls_auditorias_dia_anterior: _omit, ...e }) => ({
    ...e,
    turno: turnos.get(e.auditor) ?? null,
  }));
  const dialogo = await loadDialogo(params, q);
  if (dialogo && "error" in dialogo) return json({ ...base, filas, error: dialogo.error }, { status: 400 });
  return json({ ...base, filas, dialogo });
}

function href(
  values: { fecha_desde: string; fecha_hasta: string },
  extra: Record<string, string | number | undefined>,
): string {
  const q = new URLSearchParams(values);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== "") q.set(k, String(v));
  return `?${q.toString()}`;
}

export default function TiemposAuditoria() {
  const { snapshot, values, vista, filas, dialogo, error, errors, unavailable } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;
  const shownError = useAutoHide(error, MESSAGE_MS);
  const view = vista === "auditor" ? "auditor" : undefined;
  const hrefs: AuditoriaHrefs = {
    listado: (auditor) => href(values, { vista: view, dialogo: "listado", auditor }),
    anteriores: (auditor) => href(values, { vista: view, dialogo: "anteriores", auditor }),
    autorizacion: (nro) => href(values, { vista: view, dialogo: "autorizacion", nro }),
  };
  const closeHref = href(values, { vista: view });
  const periodo = `${formatDateAR(values.fecha_desde)} al ${formatDateAR(values.fecha_hasta)}`;
  const auditores = (filas ?? []).filter((f) => f.auditor !== EQUIPO);
  const quien = (a: string) => (a === EQUIPO ? "del equipo" : `de ${a}`);

  return (
    <section className="screen aud-screen" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      <SnapshotBar {...snapshot} />
      <TiemposFiltros values={values} errors={errors} busy={busy} />
      {shownError && (
        <Alert severity="error" title={ERROR_TITLE}>
          {shownError}
        </Alert>
      )}
      {unavailable && (
        <Alert severity="warning" title={ERROR_TITLE}>
          {unavailable}
        </Alert>
      )}
      {filas && filas.length === 0 && <p role="status">No hay auditorías en el período del {periodo}.</p>}
      {filas && filas.length > 0 && (
        <>
          <p className="aud-sub">Período del {periodo}. Tiempos desde la carga hasta la auditoría.</p>
          {vista === "general" ? (
            <>
              <div className="aud-vista-nav">
                <Link to={href(values, { vista: "auditor" })} className="ui-button ui-button--secondary">
                  Info por Auditor
                </Link>
              </div>
              <div className="aud-general">
                <AuditoriaTablaGeneral filas={filas} hrefs={hrefs} />
                <AuditoriaTorta
                  datos={auditores.map((f) => ({ id: f.auditor, value: f.datos.cantidad_autorizaciones }))}
                />
              </div>
            </>
          ) : (
            <>
              <div className="aud-vista-nav">
                <Link to={href(values, {})} className="ui-button ui-button--secondary">
                  Volver a Tabla General
                </Link>
              </div>
              <AuditoriaTablaPorAuditor filas={filas} hrefs={hrefs} />
              <p className="aud-sub aud-leyenda">
                Inicio y cierre: primera auditoría más tardía y última auditoría más temprana de un día del período,
                frente al turno; para el Equipo, primera y última auditoría del período. Verde: hasta 15 min; ámbar:
                hasta 30 min; rojo: más de 30 min. «-»: la métrica no existe para esa fila (por ejemplo, sin
                interrupciones con una sola auditoría en el día).
              </p>
            </>
          )}
        </>
      )}
      {dialogo && dialogo.tipo !== "autorizacion" && (
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
          {dialogo.tipo === "anteriores" && (
            <p className="aud-sub">Cargadas antes de las 7:00 del día de la auditoría.</p>
          )}
          <AuditoriaListado
            rows={dialogo.resultado}
            total={dialogo.total}
            truncado={dialogo.truncado}
            autorizacionHref={hrefs.autorizacion}
          />
        </UrlDialog>
      )}
      {dialogo && dialogo.tipo === "autorizacion" && (
        <UrlDialog
          id="aud-dialogo-autorizacion"
          title={`Autorización N° ${dialogo.nro}`}
          closeHref={closeHref}
          className="aud-panel"
        >
          <AuditoriaAutorizacion rows={dialogo.autorizaciones} />
        </UrlDialog>
      )}
    </section>
  );
}
