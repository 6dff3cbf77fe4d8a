// The 'Listado MAE' screen's adapter (spec part 2 §2, §9): the loader's data of /listado-mae — the five filters as
// typed (the school year 2024 by default), the page of fichas with their students, and the filter as a query string
// for the pager. The route has checked the screen.
import { json } from "@remix-run/node";
import { parseInput, queryOf, typedValues, type FieldError } from "~/lib/input";
import type { FichaVista } from "~/modules/mae/components/types";
import { MaeFiltroSchema } from "~/modules/mae/mae.schema";
import { listFichas } from "~/modules/mae/mae.server";
import { ANIO_LECTIVO_DEFAULT, PAGE_SIZE } from "~/modules/mae/rules";

const FILTROS = ["apeynom_mae", "dni_mae", "dni_alumno", "apeynom_alumno", "anio_lectivo"] as const;

/** The loader's data of /listado-mae: the fichas of the URL's filters (20 a page), or 400 with the filters as typed. */
export async function listadoMaeScreen(request: Request) {
  const raw = queryOf(request);
  const values = typedValues(raw, [FILTROS, 100]);
  if (!values.anio_lectivo) values.anio_lectivo = String(ANIO_LECTIVO_DEFAULT);
  const parsed = parseInput(MaeFiltroSchema, { ...raw, size: String(PAGE_SIZE) });
  if (!parsed.ok) {
    return json(
      { values, errors: parsed.errors, fichas: [] as FichaVista[], total: 0, page: 0, query: "" },
      { status: 400 },
    );
  }
  const f = parsed.data;
  const { fichas, total_records } = await listFichas(f);
  const query = new URLSearchParams();
  for (const k of FILTROS) if (f[k] != null && f[k] !== "") query.set(k, String(f[k]));
  return json({
    values,
    errors: [] as FieldError[],
    fichas,
    total: total_records,
    page: f.page,
    query: query.toString(),
  });
}
