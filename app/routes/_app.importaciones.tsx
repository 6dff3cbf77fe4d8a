// 'Importaciones' (issue 37, docs/decisions/068-registry-feed.md): every file the insurer's systems fed (the nightly
// job, the command line), newest first, with its counts, status and refusal report. A GET form of the filters (the
// URL holds them and the page), the paged table; the reports' links need operation 42 (their route checks it).
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { can } from "~/auth/rules";
import { OP } from "~/auth/operations";
import { Busy, PagedTable } from "~/components/ui";
import { parseInput, queryOf, typedValues } from "~/lib/input";
import { importacionColumns } from "~/modules/feed/components/ImportacionesColumns";
import { ImportacionesFilters } from "~/modules/feed/components/ImportacionesFilters";
import type { ImportacionesData, ImportacionesFilterValues } from "~/modules/feed/components/types";
import {
  IMPORTACIONES_FILTERS,
  ImportacionesQuerySchema,
  importacionesParams,
  PAGE_SIZE,
  SCREEN_PATH,
} from "~/modules/feed/importaciones.schema";
import { feedTableNames, listImportaciones } from "~/modules/feed/importaciones.server";
import catalogos from "~/styles/catalogos.css";
import styles from "~/styles/importaciones.css";

const TITLE = "Importaciones";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogos },
  { rel: "stylesheet", href: styles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/importaciones");
  const raw = queryOf(request);
  const values: ImportacionesFilterValues = typedValues(raw, [IMPORTACIONES_FILTERS, 100]);
  const base = { values, tablas: feedTableNames(), canDescargar: can(user, OP.DESCARGAR_INFORMES_IMPORTACION) };
  const headers = { "Cache-Control": "no-store" };
  const parsed = parseInput(ImportacionesQuerySchema, raw);
  if (!parsed.ok) {
    const empty = { ok: false, errors: parsed.errors, importaciones: [], total: 0, page: 0, size: 0, query: "" };
    return json<ImportacionesData>({ ...base, ...empty }, { status: 400, headers });
  }
  const q = parsed.data;
  const { importaciones, total } = await listImportaciones(q);
  const params = importacionesParams(q);
  if (q.size !== PAGE_SIZE) params.set("size", String(q.size));
  const data = { ok: true, errors: [], importaciones, total, page: q.page, size: q.size, query: params.toString() };
  return json<ImportacionesData>({ ...base, ...data }, { headers });
}

export default function Importaciones() {
  const data = useLoaderData<typeof loader>() as ImportacionesData;
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;
  return (
    <section className="screen importaciones">
      <ImportacionesFilters
        key={location.search}
        values={data.values}
        errors={data.errors}
        tablas={data.tablas}
        busy={busy}
      />
      <Busy busy={busy}>
        {data.ok ? (
          <PagedTable
            columns={importacionColumns(data.canDescargar)}
            rows={data.importaciones}
            rowKey="id"
            caption="Archivos importados"
            pagerLabel="Paginación de importaciones"
            path={SCREEN_PATH}
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
