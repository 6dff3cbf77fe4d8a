// 'Consulta de Padrón de Afiliados': search by DNI, member number or part of the surname/name (GET form, the
// URL holds the search), results table, and the member detail as a nested route (<Outlet/>).
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireScreen } from "~/auth/guards.server";
import { Alert, useAutoHide } from "~/components/ui";
import { queryOf } from "~/lib/input";
import { ResultsTable } from "~/modules/afiliados/components/ResultsTable";
import { SearchForm } from "~/modules/afiliados/components/SearchForm";
import { cappedMessage, detailHref, screenSearchOf, searchQueryString } from "~/modules/afiliados/padron.schema";
import { SEARCH_LIMIT, searchPadron } from "~/modules/afiliados/padron.server";
import padronStyles from "~/styles/padron.css";
import type { PadronRow } from "~/modules/afiliados/padron.schema";

const TITLE = "Consulta de Padrón de Afiliados";
/** A search error goes away by itself after this long (spec: server errors, 5 s). */
const MESSAGE_MS = 5000;
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: padronStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/consultar-padron");
  const params = new URL(request.url).searchParams;
  const search = screenSearchOf(queryOf(params));
  const qs = searchQueryString(params);
  const none: PadronRow[] = [];
  if (!params.has("metodo")) return json({ search, qs, searched: false, rows: none, msg: null, aviso: null });
  const result = await searchPadron(search.metodo, search[search.metodo]);
  return result.ok
    ? json({
        search,
        qs,
        searched: true,
        rows: result.rows,
        msg: null,
        aviso: result.limitado ? cappedMessage(SEARCH_LIMIT) : null,
      })
    : json({ search, qs, searched: false, rows: none, msg: result.msg, aviso: null });
}

/** Opening a member, switching its tabs or closing it keeps the search: re-run it only when the search changes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  const sameSearch = searchQueryString(currentUrl.searchParams) === searchQueryString(nextUrl.searchParams);
  return sameSearch ? false : defaultShouldRevalidate;
};

/**
 * When the member detail closes (Escape, 'Cerrar', the overlay), focus goes back to the row link that opened
 * it — the dialog has no trigger of its own (it opens by navigation), so it would otherwise fall to the body.
 * The opener is the member first shown; after moving through the family group it is still that row, or the
 * current member's row, whichever the results table has.
 */
function useReturnFocusToRow(idafi: string | undefined, qs: string) {
  const opener = useRef<string | null>(null);
  const previous = useRef<string | undefined>(idafi);
  useEffect(() => {
    const before = previous.current;
    previous.current = idafi;
    if (idafi && !before) opener.current = idafi;
    if (!before || idafi) return;
    const candidates = [opener.current, before].filter((x): x is string => Boolean(x));
    opener.current = null;
    const focusRow = () => {
      for (const id of candidates) {
        const href = detailHref(Number(id), qs);
        const link = [...document.querySelectorAll<HTMLAnchorElement>(".padron a.ui-row-link")].find(
          (a) => a.getAttribute("href") === href,
        );
        if (link) {
          link.focus({ preventScroll: false });
          return;
        }
      }
    };
    focusRow();
    // the dialog's own close handling runs after this effect (a timer): make sure the row keeps the focus
    const timer = window.setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement == null) focusRow();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [idafi, qs]);
}

export default function ConsultarPadron() {
  const { search, qs, searched, rows, msg, aviso } = useLoaderData<typeof loader>();
  const params = useParams();
  // The same search again keeps its message hidden; another search shows it anew.
  const shownMsg = useAutoHide(msg, MESSAGE_MS, `${qs}|${msg}`);
  useReturnFocusToRow(params.idafi, qs);
  return (
    <section className="screen padron" aria-labelledby="padron-title">
      <h2 id="padron-title" className="ui-sr-only">
        {TITLE}
      </h2>
      <Outlet />
      <SearchForm search={search} />
      {shownMsg && (
        <Alert key={`${qs}|${shownMsg}`} severity="error">
          {shownMsg}
        </Alert>
      )}
      {searched && aviso && (
        <Alert severity="warning" className="padron-aviso">
          {aviso}
        </Alert>
      )}
      {searched && <ResultsTable rows={rows} qs={qs} selected={params.idafi ? Number(params.idafi) : null} />}
    </section>
  );
}
