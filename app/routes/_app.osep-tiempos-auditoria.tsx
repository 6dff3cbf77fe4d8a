// 'OSEP / Tiempos de Auditoria Médica' (spec part 2 §2; metrics in docs/decisions/013-audit-time-metrics.md):
// period → general table ('equipo' first) and the pie 'Autorizaciones por Auditor'; 'Info por Auditor' shows every
// metric per auditor; links open the authorisation dialogs. GET form: the URL holds the period, the view
// (vista=auditor) and the open dialog (dialogo=listado|anteriores|autorizacion), so it all works without JavaScript.
// The screen's adapter is app/modules/estadisticas/screen/tiempos-auditoria.server.ts.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useMemo } from "react";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, linkTo, useAutoHide, useFocusBack } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { ERROR_TITLE } from "~/lib/messages";
import { PDF_PATH, SCREEN_PATH } from "~/modules/estadisticas/auditoria.schema";
import type { AuditoriaHrefs } from "~/modules/estadisticas/components/AuditoriaTablas";
import { TiemposDialogo, tiemposHref, TiemposResultados } from "~/modules/estadisticas/components/TiemposResultados";
import { TiemposFiltros } from "~/modules/estadisticas/components/TiemposFiltros";
import { tiemposAuditoriaScreen } from "~/modules/estadisticas/screen/tiempos-auditoria.server";
import { TIEMPOS_TABLES } from "~/modules/estadisticas/reports/tiempos-auditoria.columns";
import { withTableState } from "~/modules/reporting/report-columns";
import styles from "~/styles/estadisticas-auditoria.css";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";

const TITLE = "OSEP / Tiempos de Auditoria Médica";
/** Statistics messages hide after 2 s (spec part 2 §9). */
const MESSAGE_MS = 2000;
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** A grid's sort or filter written to the URL runs no loader again (ADR 071). */
export const shouldRevalidate = keepLoaderOnGridChange;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  return tiemposAuditoriaScreen(request, user);
}

export default function TiemposAuditoria() {
  const { snapshot, values, vista, filas, dialogo, error, errors, unavailable, canExport } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;
  const shownError = useAutoHide(error, MESSAGE_MS);
  const view = vista === "auditor" ? "auditor" : undefined;
  // Every link of the screen keeps the tables' order and filter (the URL's grid state): a dialog, the PDF.
  const { pathname, search } = useLocation();
  // Closing a dialog (Escape, ×, 'Cerrar') gives the focus back to the link that opened it (issue 39).
  useFocusBack(dialogo ? `${pathname}${search}` : null, linkTo);
  const keep = (href: string) => withTableState(href, search, TIEMPOS_TABLES);
  const hrefs = useHrefs(values, view, search);
  const periodo = `${formatDateAR(values.fecha_desde)} al ${formatDateAR(values.fecha_hasta)}`;

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
          {canExport && (
            <p className="aud-export">
              <a
                className="ui-button ui-button--secondary"
                href={`${PDF_PATH}${keep(tiemposHref(values, {}))}`}
                download="tiempos-auditoria.pdf"
              >
                Exportar a PDF
              </a>
            </p>
          )}
          <TiemposResultados filas={filas} vista={vista} values={values} hrefs={hrefs} keep={keep} />
        </>
      )}
      {dialogo && (
        <TiemposDialogo dialogo={dialogo} closeHref={keep(tiemposHref(values, { vista: view }))} hrefs={hrefs} />
      )}
    </section>
  );
}

/**
 * The tables' links (a dialog of an auditor, an authorisation): the same functions while the period, the view and
 * the tables' state (sort, filter) are the same, so the grids keep their columns when a dialog opens (issue 38).
 */
function useHrefs(values: TiemposValues, view: "auditor" | undefined, search: string): AuditoriaHrefs {
  const valuesKey = JSON.stringify(values);
  const kept = withTableState("", search, TIEMPOS_TABLES);
  return useMemo(() => {
    const v = JSON.parse(valuesKey) as TiemposValues;
    const keep = (href: string) => withTableState(href, kept, TIEMPOS_TABLES);
    return {
      listado: (auditor) => keep(tiemposHref(v, { vista: view, dialogo: "listado", auditor })),
      anteriores: (auditor) => keep(tiemposHref(v, { vista: view, dialogo: "anteriores", auditor })),
      autorizacion: (nro) => keep(tiemposHref(v, { vista: view, dialogo: "autorizacion", nro })),
    };
  }, [valuesKey, view, kept]);
}

type TiemposValues = Parameters<typeof tiemposHref>[0];
