// The 'Padrón Voluntarios' screen's adapter (spec part 2 §2; docs/decisions/039-voluntary-affiliates.md): the
// loader's data of /padron_voluntarios — estado and search as typed, the page of the list (the server applies the
// local filter and the grid's sort, ADR 059/075) and, for the screen's own fetcher (?todos=1), every row of the
// estado for the grid. Read from the reporting snapshot. The route has checked the screen.
import { json } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { readGridState } from "~/components/ui/grid-rules";
import { parseInput, queryOf, typedValues } from "~/lib/input";
import { loggableError } from "~/lib/log-safe.server";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import { VOLUNTARIOS_COLUMNS } from "./columns";
import {
  MSG_ERROR_CONSULTA,
  SEARCH_MAX,
  VoluntariosQuerySchema,
  voluntariosSearch,
  VoluntariosScreenSchema,
  type VoluntarioListRow,
} from "./voluntarios.schema";
import { voluntariosPage, voluntariosTodos } from "./voluntarios.server";

type Resultado = { rows: VoluntarioListRow[]; total: number; page: number; size: number; query: string };

/** The loader's data of /padron_voluntarios: the form alone on a first visit, else the page, the rows or the refusal. */
export async function voluntariosScreen(request: Request, user: SessionUser) {
  const raw = queryOf(request);
  const base = {
    snapshot: reportSnapshot(user, request),
    values: typedValues(raw, { estado: 20, search: SEARCH_MAX }, { absent: { estado: "TODOS" } }),
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
