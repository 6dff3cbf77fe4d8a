// The 'Consulta de Prácticas' screen's adapter (spec part 1 §2): the loader's data of /informes-practicas — the
// filters as typed (today's period by default), the practices of the period as cards, and the open practice's list
// of authorisations (?practica=, paged). The route has checked the screen.
import { json } from "@remix-run/node";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf, typedValues } from "~/lib/input";
import { FILTER_KEYS, InformeFilterSchema, ListadoFilterSchema } from "./informe.schema";
import { informePracticas, listadoPractica, opcionesInforme } from "./informe.server";

/** The loader's data of /informes-practicas: the form alone before a search, else the cards and the open list. */
export async function informesPracticasScreen(request: Request) {
  const raw = queryOf(request);
  const values: Record<string, string> = typedValues(raw, [FILTER_KEYS, 100]);
  values.fecha_desde ||= todayISO();
  values.fecha_hasta ||= todayISO();
  const opciones = await opcionesInforme();
  const base = { values, opciones, informe: null, listado: null, error: null, errors: {} as Record<string, string> };
  if (raw.buscar === undefined && raw.practica === undefined) return json(base);

  const parsed = parseInput(InformeFilterSchema, raw);
  if (!parsed.ok) {
    const errors = Object.fromEntries(parsed.errors.map((e) => [e.param, e.msg]));
    return json({ ...base, error: parsed.msg, errors }, { status: 400 });
  }
  const informe = await informePracticas(parsed.data);
  let listado = null;
  if (raw.practica !== undefined) {
    const lp = parseInput(ListadoFilterSchema, raw);
    if (!lp.ok) return json({ ...base, informe, error: lp.msg }, { status: 400 });
    const { autorizaciones, total } = await listadoPractica(lp.data);
    const desc = informe.resultado.find(
      (r) => r.practica === lp.data.practica && r.subitem === lp.data.practica_subitem,
    )?.descpractica;
    listado = {
      practica: lp.data.practica,
      practica_subitem: lp.data.practica_subitem,
      page: lp.data.page,
      size: lp.data.size,
      descpractica: desc ?? lp.data.practica,
      autorizaciones,
      total,
    };
  }
  return json({ ...base, informe, listado });
}
