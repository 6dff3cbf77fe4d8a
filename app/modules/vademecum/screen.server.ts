// The 'Consulta de Vademecum' screen's adapter (spec part 2 §2, §3, §5, §8, §9; ADR 036): the loader's data of
// /consulta-vademecum — the eight filters as typed (to refill the form), the 3-character rule checked again on the
// server (no query runs; the screen answers its dialog) and the page of results. The route has checked the screen.
import { json, type TypedResponse } from "@remix-run/node";
import { parseInput, queryOf, typedValues } from "~/lib/input";
import type { VademecumScreenData } from "./components/types";
import { MAX_FILTRO, PAGE_SIZE, VADEMECUM_FILTROS } from "./rules";
import { VademecumQuerySchema } from "./vademecum.schema";
import { buscarVademecum } from "./vademecum.server";

/** The loader's data of /consulta-vademecum: the form alone before a search, else the search's page or its refusal. */
export async function vademecumScreen(request: Request): Promise<TypedResponse<VademecumScreenData>> {
  const raw = queryOf(request);
  const base: VademecumScreenData = {
    values: typedValues(raw, [VADEMECUM_FILTROS, MAX_FILTRO]),
    errors: [],
    filtrosVacios: false,
    resultado: null,
    total: 0,
    page: 0,
    size: PAGE_SIZE,
    query: "",
  };
  const searched = "search" in raw || VADEMECUM_FILTROS.some((k) => k in raw);
  if (!searched) return json(base);
  const parsed = parseInput(VademecumQuerySchema, raw);
  if (!parsed.ok) return json({ ...base, errors: parsed.errors }, { status: 400 });
  const q = parsed.data;
  const result = await buscarVademecum(q);
  if (!result.ok) return json({ ...base, filtrosVacios: true }, { status: result.status });
  const params = new URLSearchParams({ search: "true" });
  for (const k of VADEMECUM_FILTROS) if (q[k]) params.set(k, q[k]);
  if (q.size !== PAGE_SIZE) params.set("size", String(q.size));
  return json({
    ...base,
    resultado: result.resultado,
    total: result.total_records,
    page: q.page,
    size: q.size,
    query: params.toString(),
  });
}
