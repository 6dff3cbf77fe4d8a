// /listado-capa ('Listado de Registros CAPA Covid', spec part 2 §2, §9): the records registered in a date range
// (default today–today in Catamarca), 20 per page, newest first; the edit icon opens /regcapa/{id}; PDF and Excel
// exports of the range for holders of operation 12. A GET form: the URL holds the range and the page.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Alert, Busy } from "~/components/ui";
import { ExportLinks, ListadoFilters, ListadoTable } from "~/modules/capa/components/Listado";
import { CAPA_MSG, EXPORT_LIMIT, PAGE_SIZE } from "~/modules/capa/rules";
import { listadoCapaScreen } from "~/modules/capa/screen/listado.server";
import styles from "~/styles/capa.css";
import type { FichaCapa } from "~/modules/capa/rules";

export const handle = { title: "Listado de Registros CAPA Covid" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/listado-capa");
  return listadoCapaScreen(request, user);
}

export default function ListadoCapa() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="screen capa-listado">
      <ListadoFilters
        key={`${data.values.fecha_desde}-${data.values.fecha_hasta}`}
        values={data.values}
        errors={data.errors}
      />
      {data.ok ? (
        <>
          {data.canExport && data.total > 0 ? <ExportLinks rango={data.values} /> : null}
          {data.canExport && data.total > EXPORT_LIMIT ? (
            <p className="capa-note">Las exportaciones llevan los primeros {EXPORT_LIMIT} registros del rango.</p>
          ) : null}
          <ListadoTable
            rows={data.fichas as FichaCapa[]}
            total={data.total}
            page={data.page}
            size={PAGE_SIZE}
            rango={data.values}
            canModify={data.canModify}
          />
        </>
      ) : null}
      <Busy busy={navigation.state === "loading" && navigation.location.pathname === "/listado-capa"} fullScreen />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <section className="screen" role="alert">
      <Alert severity="error" title={CAPA_MSG.LIST_ERROR}>
        {isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Intente nuevamente."}
      </Alert>
      <a className="ui-button ui-button--secondary" href="/listado-capa">
        Volver al listado
      </a>
    </section>
  );
}
