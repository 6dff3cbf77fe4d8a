// The DataGrid's two halves around one state (docs/decisions/059): the URL's sort/dir/filtro (prefixed when a screen
// has two grids) and the 'Filtrar' box. Without JavaScript (and until AG Grid loads) a server-rendered table sorted,
// filtered and paged by the rules of grid-rules.ts, its headers links with aria-sort, the filter a GET form keeping
// the screen's other parameters; with JavaScript AG Grid, built from the same rules, filtered live by the same box,
// its sort and filter written back to the URL (ADR 071: at once for a sort, FILTER_URL_DELAY after the last key).
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { DataTable, type Column } from "./DataTable";
import type { DataGridProps } from "./data-grid-props";
import { isSortable, readGridState, shownRows, type GridSort, type GridState } from "./grid-rules";
import { Pager } from "./Pager";
import { sortableColumn } from "./SortableHeader";
import { RefusedView } from "./RefusedView";
import { MAX_QUERY_LENGTH, queryText, tableParamNames, withoutTableParams, withParams } from "~/lib/table-state";

// ag-grid-react is loaded in the browser only, after hydration. The `.client` suffix makes the Remix
// compiler leave it (and ag-grid) out of the server bundle.
const AgGridClient = lazy(() => import("./AgGrid.client"));

type ViewProps<T> = DataGridProps<T> & {
  /** The page's query string (useLocation().search). */
  search: string;
  /** JavaScript runs: AG Grid. */
  hydrated: boolean;
  /** Writes the grid's parameters to the URL (null: removed); DataGrid's, with JavaScript. */
  writeUrl?: (changes: Record<string, string | null>) => void;
};

/** The filter is written to the URL this long (ms) after the last key, not at every key. */
const FILTER_URL_DELAY = 300;

/** A sortable column's header for the server table: the one sort header (a link to the other order, aria-sort). */
function sortColumn<T>(c: Column<T>, search: string, sort: GridSort | null, prefix?: string): Column<T> {
  if (!isSortable(c)) return c;
  return sortableColumn(c, sort && { sort: sort.key, dir: sort.dir }, search, c.key, prefix);
}

type FilterProps = {
  search: string;
  prefix?: string;
  caption?: string;
  text: string;
  onText: (text: string) => void;
  /** Enter in the live box: the text at once to the URL. */
  onFlush?: () => void;
  live: boolean;
};

/** 'Filtrar': a GET form keeping the screen's other parameters (the server filters); live with JavaScript. */
function GridFilter({ search, prefix, caption, text, onText, onFlush, live }: FilterProps) {
  const id = useId();
  const names = tableParamNames(prefix);
  const kept = [...new URLSearchParams(search)].filter(([k]) => k !== names.filtro && k !== names.page);
  const onSubmit = live
    ? (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        onFlush?.();
      }
    : undefined;
  return (
    <form
      method="get"
      className="ui-grid-filter"
      role="search"
      aria-label={`Filtro de ${caption ?? "la tabla"}`}
      onSubmit={onSubmit}
    >
      {kept.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor={id}>Filtrar</label>
      <input
        id={id}
        type="search"
        name={names.filtro}
        className="ui-input"
        value={text}
        onChange={(e) => onText(e.target.value)}
        placeholder="Buscar en la tabla"
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
      />
      {!live && (
        <button type="submit" className="ui-button ui-button--secondary">
          Filtrar
        </button>
      )}
    </form>
  );
}

/** The server table: pinned rows first, the others filtered, sorted and paged as the URL says. */
function ServerGrid<T>(props: ViewProps<T> & { state: GridState }) {
  const { columns, rows, search, paramPrefix, pinnedFirst, pageSize, state, height } = props;
  const { pinned, shown } = shownRows(rows, columns, state, pinnedFirst);
  const names = tableParamNames(paramPrefix);
  const pages = pageSize ? Math.max(1, Math.ceil(shown.length / pageSize)) : 1;
  const page = Math.min(state.page, pages - 1); // past the last: the last page (ADR 050)
  const pageRows = pageSize ? shown.slice(page * pageSize, (page + 1) * pageSize) : shown;
  return (
    <>
      <DataTable
        columns={columns.map((c) => sortColumn(c, search, state.sort, paramPrefix))}
        rows={[...pinned, ...pageRows]}
        rowKey={props.rowKey}
        caption={props.caption}
        captionHidden
        emptyText={props.emptyText}
        onRowClick={props.onRowClick}
        rowHref={props.rowHref}
        renderLink={props.renderLink}
        rowClassName={props.rowClassName}
        maxHeight={height === "auto" ? undefined : (height ?? 480)}
        className={props.className}
      />
      {pageSize !== undefined && shown.length > pageSize && (
        <Pager
          page={page}
          size={pageSize}
          total={shown.length}
          hrefFor={(p) => withParams(search, { [names.page]: p > 0 ? String(p) : null }) || "?"}
          label={props.pagerLabel ?? `Páginas de ${props.caption ?? "la tabla"}`}
        />
      )}
    </>
  );
}

type UrlState = { sort: GridSort | null; filtro: string };

/**
 * The 'Filtrar' box's text and the URL: the box follows the URL (a link, back, a reload), the URL follows the box
 * (FILTER_URL_DELAY after the last key, or at Enter) and AG Grid's sort (at once), each a `writeUrl` of its own
 * parameters. The URL's echo of the box's own write leaves the box as typed (the user may have typed on).
 */
function useUrlState(state: UrlState, prefix: string | undefined, writeUrl: ViewProps<unknown>["writeUrl"]) {
  const [text, setText] = useState(state.filtro);
  const current = useRef(state);
  current.current = state;
  const written = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => {
    if (written.current === state.filtro) written.current = null;
    else setText((t) => (queryText(t) === state.filtro ? t : state.filtro));
  }, [state.filtro]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const names = tableParamNames(prefix);
  const flush = (value: string) => {
    clearTimeout(timer.current);
    const filtro = queryText(value);
    if (!writeUrl || filtro === current.current.filtro) return;
    written.current = filtro;
    writeUrl({ [names.filtro]: filtro || null });
  };
  const onText = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flush(value), FILTER_URL_DELAY);
  };
  const onSortChange = (sort: GridSort | null) => {
    const now = current.current.sort;
    if (!writeUrl || (sort?.key === now?.key && sort?.dir === now?.dir)) return;
    writeUrl({ [names.sort]: sort?.key ?? null, [names.dir]: sort?.dir ?? null });
  };
  return { text, onText, flush: () => flush(text), onSortChange };
}

/** DataGrid's body, given the query string and whether JavaScript runs (DataGrid reads both). */
export function GridView<T>(props: ViewProps<T>) {
  const { columns, search, paramPrefix, hydrated, filter = true } = props;
  const state = useMemo(() => readGridState(search, columns, paramPrefix), [search, columns, paramPrefix]);
  const { text, onText, flush, onSortChange } = useUrlState(state, paramPrefix, props.writeUrl);
  const form = filter ? (
    <GridFilter
      search={search}
      prefix={paramPrefix}
      caption={props.caption}
      text={text}
      onText={onText}
      onFlush={flush}
      live={hydrated}
    />
  ) : null;
  if (state.problem) {
    return (
      <div className="ui-grid-block">
        <RefusedView msg={state.problem.msg} href={withoutTableParams(search, paramPrefix) || "?"} />
      </div>
    );
  }
  const table = <ServerGrid {...props} state={filter ? state : { ...state, filtro: "" }} />;
  return (
    <div className="ui-grid-block">
      {form}
      {hydrated ? (
        <Suspense fallback={table}>
          <AgGridClient
            {...(props as unknown as DataGridProps<unknown>)}
            quickFilterText={filter ? text : ""}
            initialSort={state.sort}
            onSortChange={onSortChange}
          />
        </Suspense>
      ) : (
        table
      )}
    </div>
  );
}
