// 'Datos al dd/mm/yyyy hh:mm' above every report; for users with operation 34 a button that refreshes the
// reporting store. The loader passes the refresh's state; while a refresh runs, the bar polls /reportes/estado
// every second and reloads the report's data when the new snapshot is in service. Without JavaScript the button
// is a plain form post that comes back to the report. A refused request (another refresh holds the lock) says so:
// the fetcher's JSON message with JavaScript, the report's ?actualizacion= without.
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "@remix-run/react";
import type { RefreshEstado, ReportSnapshot } from "~/modules/reporting/rules";

const POLL_MS = 1000;

export function SnapshotBar({ datos_al, aviso, canRefresh, estado }: ReportSnapshot) {
  const status = useFetcher<RefreshEstado>();
  // the refresh request: a redirect back to the report, or JSON { msg } when it was refused (409 busy, 503)
  const refresh = useFetcher<{ msg?: string }>();
  const revalidator = useRevalidator();
  const current = status.data ?? estado;
  const running = current?.running ?? false;

  useEffect(() => {
    if (!running) return;
    const t = setTimeout(() => status.load("/reportes/estado"), POLL_MS);
    return () => clearTimeout(t);
  }, [running, status.data]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (status.data && !status.data.running && status.data.datos_al !== datos_al && revalidator.state === "idle")
      revalidator.revalidate();
  }, [status.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const shown = current?.datos_al ?? datos_al;
  const refused = (refresh.state === "idle" && refresh.data?.msg) || aviso;
  return (
    <div className="snapshot-bar" role="status" aria-live="polite">
      <span className="snapshot-bar__stamp">{shown ? `Datos al ${shown}` : "Datos de informes en preparación"}</span>
      {canRefresh && (
        <refresh.Form method="post" action="/reportes/actualizar" className="snapshot-bar__refresh">
          <button type="submit" className="ui-button ui-button--secondary" disabled={running}>
            {running ? "Actualizando…" : "Actualizar datos"}
          </button>
          {running && current?.texto && <span className="snapshot-bar__progress">{current.texto}</span>}
          {refused && <span className="snapshot-bar__error">{refused}</span>}
          {!running && !refused && current?.error && <span className="snapshot-bar__error">{current.error}</span>}
        </refresh.Form>
      )}
    </div>
  );
}
