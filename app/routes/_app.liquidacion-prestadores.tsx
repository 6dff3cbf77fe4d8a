// Pre-settlement query (spec part 2 §2 'Pre-liquidation'; docs/decisions/015-pre-settlement.md): period and
// responsable (only the user's own entity unless profile 1 or 10), Buscar, 'Listado' from the reporting snapshot,
// and the 'Excel' download (CSV liquidacion, operation 33). A GET form: the URL holds the search, the page and the
// Listado's grid state (?filtro=, ?sort=, ?dir=: the one DataGrid, docs/decisions/059).
import { PRELIQUIDACION } from "~/modules/prestadores/liquidacion.columns";
import { withTableState } from "~/modules/reporting/report-columns";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, Busy } from "~/components/ui";
import { ERROR_TITLE, MSG_SIN_AUTORIZACIONES } from "~/lib/messages";
import { LiquidacionFiltros } from "~/modules/prestadores/components/LiquidacionFiltros";
import { LiquidacionListado } from "~/modules/prestadores/components/LiquidacionListado";
import { CSV_PATH, msgFilasRecortadas, PDF_PATH, SCREEN_PATH } from "~/modules/prestadores/liquidacion.schema";
import { liquidacionScreen } from "~/modules/prestadores/screen/liquidacion.server";
import styles from "~/styles/liquidacion.css";
import { formatCount } from "~/lib/numbers";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";

const TITLE = "Preliquidación";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** A grid's sort or filter written to the URL runs no loader again (ADR 071). */
export const shouldRevalidate = keepLoaderOnGridChange;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  return liquidacionScreen(request, user);
}

export default function LiquidacionPrestadores() {
  const { snapshot, responsables, values, canExport, errors, error, resultado } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;
  const excelHref = canExport && resultado ? `${CSV_PATH}?${resultado.query}` : null;
  // the PDF prints the Listado as the grid shows it: its order and filter from the URL (ADR 072)
  const { search } = useLocation();
  const pdfHref =
    canExport && resultado ? withTableState(`${PDF_PATH}?${resultado.query}`, search, [PRELIQUIDACION]) : null;
  return (
    <section className="screen liquidacion" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      <SnapshotBar {...snapshot} />
      <LiquidacionFiltros
        values={values}
        responsables={responsables}
        errors={errors}
        busy={busy}
        excelHref={excelHref}
        pdfHref={pdfHref}
      />
      {error && (
        <Alert severity="error" title={ERROR_TITLE}>
          {error}
        </Alert>
      )}
      <Busy busy={busy} label="Buscando...">
        {resultado && (
          <>
            <p className="liq-summary" role="status">
              {resultado.total === 0
                ? MSG_SIN_AUTORIZACIONES
                : resultado.total > resultado.rows.length
                  ? msgFilasRecortadas(resultado.rows.length, resultado.total)
                  : `${formatCount(resultado.total)} autorizaciones`}
            </p>
            <LiquidacionListado rows={resultado.rows} />
          </>
        )}
      </Busy>
    </section>
  );
}
