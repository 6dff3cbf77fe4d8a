// 'Consulta de Expedientes' (spec part 2 §2, §3; ADR 036): a GET form of the document filters (the URL holds the
// filters and the page) and the paged table of documents, newest first. No filter lists every document.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Busy, PagedTable } from "~/components/ui";
import { parseInput, queryOf, type FieldError } from "~/lib/input";
import { TramitesFilters, type TramitesFilterValues } from "~/modules/tramites/components/TramitesFilters";
import { TRAMITE_COLUMNS } from "~/modules/tramites/components/TramitesColumns";
import { PAGE_SIZE } from "~/modules/tramites/rules";
import { TRAMITE_FILTERS, TramitesQuerySchema, tramitesParams } from "~/modules/tramites/tramites.schema";
import { buscarTramites } from "~/modules/tramites/tramites.server";
import styles from "~/styles/catalogos.css";

const TITLE = "Consulta de Expedientes";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/tramites");
  const raw = queryOf(request);
  const values = Object.fromEntries(
    TRAMITE_FILTERS.map((k) => [k, String(raw[k] ?? "").slice(0, 100)]),
  ) as TramitesFilterValues;
  const parsed = parseInput(TramitesQuerySchema, raw);
  if (!parsed.ok) {
    const base = { ok: false as const, values, errors: parsed.errors, tramites: [], total: 0, page: 0, size: 0 };
    return json({ ...base, query: "" }, { status: 400 });
  }
  const q = parsed.data;
  const { tramites, total_records } = await buscarTramites(q);
  const params = tramitesParams(q);
  if (q.size !== PAGE_SIZE) params.set("size", String(q.size));
  return json({
    ok: true as const,
    values,
    errors: [] as FieldError[],
    tramites,
    total: total_records,
    page: q.page,
    size: q.size,
    query: params.toString(),
  });
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
