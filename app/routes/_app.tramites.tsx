// 'Consulta de Expedientes' (spec part 2 §2, §3; ADR 036): a GET form of the document filters (the URL holds the
// filters and the page) and the paged table of documents, newest first. No filter lists every document.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Busy, PagedTable } from "~/components/ui";
import { TramitesFilters } from "~/modules/tramites/components/TramitesFilters";
import { TRAMITE_COLUMNS } from "~/modules/tramites/components/TramitesColumns";
import { tramitesScreen } from "~/modules/tramites/screen.server";
import styles from "~/styles/catalogos.css";

const TITLE = "Consulta de Expedientes";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/tramites");
  return tramitesScreen(request);
}

export default function Tramites() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/tramites";
  return (
    <section className="screen tramites">
      <TramitesFilters key={location.search} values={data.values} errors={data.errors} busy={busy} />
      <Busy busy={busy}>
        {data.ok ? (
          <PagedTable
            columns={TRAMITE_COLUMNS}
            rows={data.tramites}
            rowKey="id"
            caption="Expedientes encontrados"
            pagerLabel="Paginación de expedientes"
            path="/tramites"
            query={data.query}
            page={data.page}
            size={data.size}
            total={data.total}
          />
        ) : null}
      </Busy>
    </section>
  );
}
