// 'Consulta de Padrón de Afiliados': search by DNI, member number or part of the surname/name (GET form, the
// URL holds the search), results table, and the member detail as a nested route (<Outlet/>).
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { requireScreen } from "~/auth/guards.server";
import { Alert } from "~/components/ui";
import { ResultsTable } from "~/modules/afiliados/components/ResultsTable";
import { SearchForm } from "~/modules/afiliados/components/SearchForm";
import { ScreenSearchSchema, searchQueryString } from "~/modules/afiliados/padron.schema";
import { searchPadron, type PadronRow } from "~/modules/afiliados/padron.server";
import padronStyles from "~/styles/padron.css";

const TITLE = "Consulta de Padrón de Afiliados";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: padronStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/consultar-padron");
  const params = new URL(request.url).searchParams;
  const search = ScreenSearchSchema.parse(Object.fromEntries(params));
  const qs = searchQueryString(params);
  const none: PadronRow[] = [];
  if (!params.has("metodo")) return json({ search, qs, searched: false, rows: none, msg: null });
  const result = await searchPadron(search.metodo, search[search.metodo]);
  return result.ok
    ? json({ search, qs, searched: true, rows: result.rows, msg: null })
    : json({ search, qs, searched: false, rows: none, msg: result.msg });
}

/** Opening a member, switching its tabs or closing it keeps the search: re-run it only when the search changes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  const sameSearch = searchQueryString(currentUrl.searchParams) === searchQueryString(nextUrl.searchParams);
  return sameSearch ? false : defaultShouldRevalidate;
};

export default function ConsultarPadron() {
  const { search, qs, searched, rows, msg } = useLoaderData<typeof loader>();
  const params = useParams();
  const [hiddenMsg, setHiddenMsg] = useState<string | null>(null);
  return (
    <section className="screen padron" aria-labelledby="padron-title">
      <h2 id="padron-title" className="ui-sr-only">{TITLE}</h2>
      <Outlet />
      <SearchForm search={search} />
      {msg && hiddenMsg !== `${qs}|${msg}` && (
        <Alert key={`${qs}|${msg}`} severity="error" autoHideMs={5000} onHide={() => setHiddenMsg(`${qs}|${msg}`)}>
          {msg}
        </Alert>
      )}
      {searched && <ResultsTable rows={rows} qs={qs} selected={params.idafi ? Number(params.idafi) : null} />}
    </section>
  );
}
