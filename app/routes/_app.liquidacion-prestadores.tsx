// Pre-settlement query (spec part 2 §2 'Pre-liquidation'; docs/decisions/015-pre-settlement.md): period and
// responsable (only the user's own entity unless profile 1 or 10), Buscar, 'Listado' from the reporting snapshot,
// and the 'Excel' download (CSV liquidacion, operation 33). A GET form: the URL holds the search, the page and the
// Listado's grid state (?filtro=, ?sort=, ?dir=: the one DataGrid, docs/decisions/059).
import { PRELIQUIDACION } from "~/modules/prestadores/liquidacion.columns";
import { withTableState } from "~/modules/reporting/report-columns";
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { can, requireScreen } from "~/auth/guards.server";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, Busy } from "~/components/ui";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf } from "~/lib/input";
import { ERROR_TITLE, MSG_SIN_AUTORIZACIONES } from "~/lib/messages";
import { LiquidacionFiltros } from "~/modules/prestadores/components/LiquidacionFiltros";
import { LiquidacionListado } from "~/modules/prestadores/components/LiquidacionListado";
import { queryLiquidacion } from "~/modules/prestadores/liquidacion.server";
import {
  CSV_PATH,
  liquidacionSearch,
  LiquidacionPaginaSchema,
  LiquidacionQuerySchema,
  MSG_ERROR_CONSULTA,
  msgFilasRecortadas,
  PDF_PATH,
  SCREEN_MAX_ROWS,
  SCREEN_PATH,
  type LiquidacionRow,
} from "~/modules/prestadores/liquidacion.schema";
import { responsablesOf } from "~/modules/prestadores/responsables.server";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import styles from "~/styles/liquidacion.css";
import { OP } from "~/auth/operations";
import { formatCount } from "~/lib/numbers";
import { loggableError } from "~/lib/log-safe.server";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";

const TITLE = "Preliquidación";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The filters' fields, which show their own messages. */
const FORM_FIELDS = ["fecha_desde", "fecha_hasta", "responsable"];

type Resultado = { rows: LiquidacionRow[]; total: number; query: string };

/** A grid's sort or filter written to the URL runs no loader again (ADR 071). */
export const shouldRevalidate = keepLoaderOnGridChange;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  const raw = queryOf(request);
  const responsables = await responsablesOf(user);
  const values = {
    // today by default; what the user sent (even empty) once a search was made
    fecha_desde: (raw.fecha_desde ?? todayISO()).slice(0, 10),
    fecha_hasta: (raw.fecha_hasta ?? todayISO()).slice(0, 10),
    responsable: (raw.responsable ?? (responsables.length === 1 ? responsables[0].cuit : "")).slice(0, 64),
  };
  const pagina = parseInput(LiquidacionPaginaSchema, raw);
  const base = {
    snapshot: reportSnapshot(user, request),
    responsables,
    values,
    canExport: can(user, OP.EXPORTAR_PRELIQUIDACION),
    errors: {} as Record<string, string>,
    error: null as string | null,
    resultado: null as Resultado | null,
  };
  // The form always sends 'responsable': a first visit (no search yet) shows the filters only.
  if (raw.responsable === undefined) return json(base);

  const parsed = parseInput(LiquidacionQuerySchema, raw);
  if (!parsed.ok) {
    const errors = Object.fromEntries(parsed.errors.map((e) => [e.param, e.msg]));
    // A field's message stands once, by its field (issue 28); only what no field shows is the general alert.
    const general = parsed.errors.some((e) => !FORM_FIELDS.includes(e.param)) ? parsed.msg : null;
    return json({ ...base, errors, error: general }, { status: 400 });
  }
  if (!pagina.ok) return json({ ...base, error: pagina.msg }, { status: 400 });
  try {
    const r = await queryLiquidacion(user, parsed.data, { limit: SCREEN_MAX_ROWS });
    if (!r.ok) return json({ ...base, error: r.msg }, { status: r.status });
    return json({ ...base, resultado: { rows: r.rows, total: r.total, query: liquidacionSearch(parsed.data) } });
  } catch (e) {
    console.error(`liquidacion-prestadores: ${loggableError(e)}`); // never the query's values (ADR 045)
    return json({ ...base, error: MSG_ERROR_CONSULTA }, { status: 500 });
  }
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
