// The 'Preliquidación' screen's adapter (spec part 2 §2; docs/decisions/015-pre-settlement.md): the loader's data of
// /liquidacion-prestadores — the period and responsable as typed (today and the user's one entity by default), the
// responsables the user sees, and the 'Listado' from the reporting snapshot (capped for the screen). The route has
// checked the screen.
import { json } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf, typedValues } from "~/lib/input";
import { loggableError } from "~/lib/log-safe.server";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import {
  liquidacionSearch,
  LiquidacionPaginaSchema,
  LiquidacionQuerySchema,
  MSG_ERROR_CONSULTA,
  SCREEN_MAX_ROWS,
  type LiquidacionRow,
} from "~/modules/prestadores/liquidacion.schema";
import { queryLiquidacion } from "~/modules/prestadores/liquidacion.server";
import { responsablesOf } from "~/modules/prestadores/responsables.server";

/** The filters' fields, which show their own messages. */
const FORM_FIELDS = ["fecha_desde", "fecha_hasta", "responsable"];

type Resultado = { rows: LiquidacionRow[]; total: number; query: string };

/** The loader's data of /liquidacion-prestadores: the filters alone before a search, else the Listado or its refusal. */
export async function liquidacionScreen(request: Request, user: SessionUser) {
  const raw = queryOf(request);
  const responsables = await responsablesOf(user);
  const today = todayISO();
  // today by default; what the user sent (even empty) once a search was made
  const values = typedValues(
    raw,
    { fecha_desde: 10, fecha_hasta: 10, responsable: 64 },
    {
      absent: {
        fecha_desde: today,
        fecha_hasta: today,
        responsable: responsables.length === 1 ? responsables[0].cuit : "",
      },
    },
  );
  const pagina = parseInput(LiquidacionPaginaSchema, raw);
  const base = {
    snapshot: reportSnapshot(user, request),
    responsables,
    values,
    canExport: can(user, OP.EXPORTAR_PRELIQUIDACION),
    errors: {} as Record<string, string>,
    error: null as string | null,
    resultado: null as Resultado | null,
  };
  // The form always sends 'responsable': a first visit (no search yet) shows the filters only.
  if (raw.responsable === undefined) return json(base);

  const parsed = parseInput(LiquidacionQuerySchema, raw);
  if (!parsed.ok) {
    const errors = Object.fromEntries(parsed.errors.map((e) => [e.param, e.msg]));
    // A field's message stands once, by its field (issue 28); only what no field shows is the general alert.
    const general = parsed.errors.some((e) => !FORM_FIELDS.includes(e.param)) ? parsed.msg : null;
    return json({ ...base, errors, error: general }, { status: 400 });
  }
  if (!pagina.ok) return json({ ...base, error: pagina.msg }, { status: 400 });
  try {
    const r = await queryLiquidacion(user, parsed.data, { limit: SCREEN_MAX_ROWS });
    if (!r.ok) return json({ ...base, error: r.msg }, { status: r.status });
    return json({ ...base, resultado: { rows: r.rows, total: r.total, query: liquidacionSearch(parsed.data) } });
  } catch (e) {
    console.error(`liquidacion-prestadores: ${loggableError(e)}`); // never the query's values (ADR 045)
    return json({ ...base, error: MSG_ERROR_CONSULTA }, { status: 500 });
  }
}
