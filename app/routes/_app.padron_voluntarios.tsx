// 'Padrón Voluntarios' (spec part 2 §2; docs/decisions/039-voluntary-affiliates.md): Estado TODOS/ACTIVO/INACTIVO,
// Listar, a local filter, the total, the list (AG Grid with JavaScript, a paged server table without), a row opens
// the member, and 'Exportar a Excel' (operation 25) when there are results. A GET form: the URL holds estado, search
// (the local filter, applied by the server without JavaScript), page, and the grid's sort/dir (ADR 059). Read from
// the reporting snapshot.
// ?todos=1 adds the grid's rows (every row of the estado) for the screen's own fetcher.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { requireScreen } from "~/auth/guards.server";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, Busy, pageHref, useHydrated } from "~/components/ui";
import { ERROR_TITLE } from "~/lib/messages";
import { VoluntariosFiltros } from "~/modules/voluntarios/components/VoluntariosFiltros";
import { VoluntariosGrid, VoluntariosPagina } from "~/modules/voluntarios/components/VoluntariosListado";
import { filterVoluntarios, foldSearch } from "~/modules/voluntarios/rules";
import {
  EXPORT_PATH,
  MSG_SIN_VOLUNTARIOS,
  SCREEN_PATH,
  voluntariosSearch,
  type VoluntariosEstado,
} from "~/modules/voluntarios/voluntarios.schema";
import { voluntariosScreen } from "~/modules/voluntarios/screen.server";
import styles from "~/styles/padron-voluntarios.css";
import { formatCount } from "~/lib/numbers";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";

const TITLE = "Padrón Voluntarios";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** A grid's sort or filter written to the URL runs no loader again (ADR 071). */
export const shouldRevalidate = keepLoaderOnGridChange;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  return voluntariosScreen(request, user);
}

export default function PadronVoluntarios() {
  const { snapshot, values, canExport, errors, error, resultado } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;
  const grid = useFetcher<typeof loader>();
  const [filtro, setFiltro] = useState(values.search);

  // With JavaScript the grid gets every row of the estado once, and filters them here as the user types.
  const estado = resultado ? values.estado : null;
  useEffect(() => {
    setFiltro(values.search);
  }, [values.search]);
  useEffect(() => {
    if (hydrated && estado) grid.load(`${SCREEN_PATH}?${new URLSearchParams({ estado, todos: "1" })}`);
  }, [hydrated, estado]); // eslint-disable-line react-hooks/exhaustive-deps

  const todos = grid.data?.todos ?? null;
  const folded = useMemo(() => new Map((todos ?? []).map((r) => [r.idafifam, foldSearch(r.apeynomfam)])), [todos]);
  const shown = useMemo(
    () => (todos ? filterVoluntarios(todos, filtro, (r) => folded.get(r.idafifam) ?? "") : null),
    [todos, filtro, folded],
  );
  const total = shown ? shown.length : (resultado?.total ?? 0);
  const searchNow = shown ? filtro.trim() : (values.search ?? "");
  const excelHref =
    canExport && resultado && total > 0
      ? `${EXPORT_PATH}?${voluntariosSearch({ estado: values.estado as VoluntariosEstado, search: searchNow })}`
      : null;

  return (
    <section className="screen padron-voluntarios" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      <SnapshotBar {...snapshot} />
      <VoluntariosFiltros
        estado={values.estado}
        errors={errors}
        filtro={filtro}
        onFiltro={setFiltro}
        busy={busy}
        excelHref={excelHref}
      />
      {error && (
        <Alert severity="error" title={ERROR_TITLE}>
          {error}
        </Alert>
      )}
      {!error && grid.data?.error && (
        <Alert severity="error" title={ERROR_TITLE}>
          {grid.data.error}
        </Alert>
      )}
      <Busy busy={busy} label="Listando...">
        {resultado && (
          <>
            <p className="vol-total" role="status">
              {total === 0 ? MSG_SIN_VOLUNTARIOS : `Total: ${formatCount(total)}`}
            </p>
            {shown ? (
              <VoluntariosGrid rows={shown} />
            ) : (
              total > 0 && (
                <VoluntariosPagina
                  rows={resultado.rows}
                  page={resultado.page}
                  size={resultado.size}
                  total={resultado.total}
                  hrefFor={(p) => pageHref(SCREEN_PATH, resultado.query, p)}
                />
              )
            )}
          </>
        )}
      </Busy>
    </section>
  );
}
