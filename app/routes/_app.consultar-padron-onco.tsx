// 'Consulta a Padrón de Planes' (title 'Buscar Afiliados Enrolados', spec part 1 §2/§4/§8/§9; docs/decisions/
// 040-padron-de-planes.md): a GET form (the URL holds the filters and the page) over the enrolments of a coverage
// in the reporting snapshot ('Datos al …'); paged by 20 with Atrás / 'n de m' / Siguiente, the whole list (capped)
// when inactive-only or expired-only is on; red rows; PDF and Excel downloads with operation 4. Errors (the server's
// message) show in an alert for 5 s.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, Busy, useAutoHide } from "~/components/ui";
import { ERROR_TITLE } from "~/lib/messages";
import { PlanesFilters } from "~/modules/padron-planes/components/PlanesFilters";
import { PlanesTable } from "~/modules/padron-planes/components/PlanesTable";
import { padronPlanesScreen } from "~/modules/padron-planes/screen.server";
import { ERROR_MS, PDF_PATH, SCREEN_PATH, XLSX_PATH } from "~/modules/padron-planes/rules";
import styles from "~/styles/padron-planes.css";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";

const TITLE = "Buscar Afiliados Enrolados";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** A grid's sort or filter written to the URL runs no loader again (ADR 071). */
export const shouldRevalidate = keepLoaderOnGridChange;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  return padronPlanesScreen(request, user);
}

export default function PadronPlanes() {
  const { snapshot, values, canExport, coberturas, errors, error, resultado } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;
  const shownError = useAutoHide(error, ERROR_MS, location.key);
  const exportQuery = canExport && resultado ? resultado.query : null;
  return (
    <section className="screen padron-planes">
      <SnapshotBar {...snapshot} />
      <PlanesFilters
        key={location.search}
        values={values}
        coberturas={coberturas}
        errors={errors}
        busy={busy}
        pdfHref={exportQuery != null ? `${PDF_PATH}?${exportQuery}` : null}
        excelHref={exportQuery != null ? `${XLSX_PATH}?${exportQuery}` : null}
      />
      {shownError ? (
        <Alert severity="error" title={ERROR_TITLE}>
          {shownError}
        </Alert>
      ) : null}
      <Busy busy={busy} label="Buscando...">
        {resultado ? <PlanesTable {...resultado} /> : null}
      </Busy>
    </section>
  );
}
