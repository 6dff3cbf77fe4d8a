// The 'Consulta de Expedientes' screen's adapter (spec part 2 §2, §3; ADR 036): the loader's data of /tramites — the
// URL's filters (as typed, to refill the form; parsed for the search) and the page of documents. The route has
// checked the screen.
import { json } from "@remix-run/node";
import { parseInput, queryOf, typedValues, type FieldError } from "~/lib/input";
import { PAGE_SIZE } from "./rules";
import { TRAMITE_FILTERS, TramitesQuerySchema, tramitesParams } from "./tramites.schema";
import { buscarTramites } from "./tramites.server";

/** The loader's data of /tramites: the documents of the URL's filters, or 400 with the filters as typed. */
export async function tramitesScreen(request: Request) {
  const raw = queryOf(request);
  const values = typedValues(raw, [TRAMITE_FILTERS, 100]);
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
