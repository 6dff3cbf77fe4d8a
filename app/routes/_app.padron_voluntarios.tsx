// 'Padrón Voluntarios' (spec part 2 §2; docs/decisions/039-voluntary-affiliates.md): Estado TODOS/ACTIVO/INACTIVO,
// Listar, a local filter, the total, the list (AG Grid with JavaScript, a paged server table without), a row opens
// the member, and 'Exportar a Excel' (operation 25) when there are results. A GET form: the URL holds estado, search
// (the local filter, applied by the server without JavaScript), page, and the grid's sort/dir (ADR 059). Read from
// the reporting snapshot.
// ?todos=1 adds the grid's rows (every row of the estado) for the screen's own fetcher.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { can, requireScreen } from "~/auth/guards.server";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, Busy, pageHref, useHydrated } from "~/components/ui";
import { readGridState } from "~/components/ui/grid-rules";
import { VOLUNTARIOS_COLUMNS } from "~/modules/voluntarios/columns";
import { parseInput, queryOf } from "~/lib/input";
import { ERROR_TITLE } from "~/lib/messages";
import { VoluntariosFiltros } from "~/modules/voluntarios/components/VoluntariosFiltros";
import { VoluntariosGrid, VoluntariosPagina } from "~/modules/voluntarios/components/VoluntariosListado";
import { filterVoluntarios, foldSearch } from "~/modules/voluntarios/rules";
import { voluntariosPage, voluntariosTodos } from "~/modules/voluntarios/voluntarios.server";
import {
  EXPORT_PATH,
  MSG_ERROR_CONSULTA,
  MSG_SIN_VOLUNTARIOS,
  SCREEN_PATH,
  SEARCH_MAX,
  VoluntariosQuerySchema,
  voluntariosSearch,
  VoluntariosScreenSchema,
  type VoluntarioListRow,
  type VoluntariosEstado,
} from "~/modules/voluntarios/voluntarios.schema";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import styles from "~/styles/padron-voluntarios.css";
import { OP } from "~/auth/operations";
import { formatCount } from "~/lib/numbers";
import { loggableError } from "~/lib/log-safe.server";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";

const TITLE = "Padrón Voluntarios";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Resultado = { rows: VoluntarioListRow[]; total: number; page: number; size: number; query: string };

/** A grid's sort or filter written to the URL runs no loader again (ADR 071). */
export const shouldRevalidate = keepLoaderOnGridChange;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  const raw = queryOf(request);
  const values = {
    estado: (raw.estado ?? "TODOS").slice(0, 20),
    search: (raw.search ?? "").slice(0, SEARCH_MAX),
  };
  const base = {
    snapshot: reportSnapshot(user, request),
    values,
    canExport: can(user, OP.EXPORTAR_PADRON_VOLUNTARIOS),
    errors: {} as Record<string, string>,
    error: null as string | null,
    resultado: null as Resultado | null,
    /** The grid's rows (?todos=1, asked by the screen's fetcher); the screen itself never shows them. */
    todos: null as VoluntarioListRow[] | null,
  };
  if (raw.todos === "1") {
    const parsed = parseInput(VoluntariosQuerySchema, { estado: raw.estado });
    if (!parsed.ok) return json({ ...base, error: parsed.msg }, { status: 400 });
    const r = await voluntariosTodos(parsed.data);
    if (!r.ok) return json({ ...base, error: r.msg }, { status: r.status });
    return json({ ...base, todos: r.rows });
  }
  // A first visit (no Listar yet) shows the form only.
  if (raw.estado === undefined) return json(base);
  const parsed = parseInput(VoluntariosScreenSchema, raw);
  if (!parsed.ok) {
    const errors = Object.fromEntries(parsed.errors.map((e) => [e.param, e.msg]));
    return json({ ...base, errors, error: parsed.msg }, { status: 400 });
  }
  const { page, ...q } = parsed.data;
  const { sort, problem } = readGridState(new URL(request.url).search, VOLUNTARIOS_COLUMNS);
  if (problem) return json({ ...base, values: q, error: problem.msg }, { status: 400 }); // ADR 075
  try {
    const r = await voluntariosPage(q, page, undefined, sort);
    if (!r.ok) return json({ ...base, error: r.msg }, { status: r.status });
    const resultado = { rows: r.rows, total: r.total, page: r.page, size: r.size, query: voluntariosSearch(q) };
    return json({ ...base, values: q, resultado });
  } catch (e) {
    console.error(`padron_voluntarios: ${loggableError(e)}`); // never the query's values (ADR 045)
    return json({ ...base, error: MSG_ERROR_CONSULTA }, { status: 500 });
  }
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
