// The 'Buscar Ficha' screen's adapter (spec part 1 §2–§6): the loader's data — the URL's filter (read through
// FichaFilterSchema for the search and FichaFilterValuesSchema for the form), the cases found, the detail of ?ver=N
// (recorded as a view) and the delete confirmation of ?eliminar=N — and the delete action (operation 7, checked by
// the route's guard). The rules are the module's (fichas.server.ts).
import { json } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { parseInput, type FieldError } from "~/lib/input";
import { listOrganos } from "~/modules/oncologia/catalogos.server";
import { filterQuery, hasFilterParams, rawFilter, type FilterValues } from "~/modules/oncologia/buscar-query";
import {
  FICHA_MSG,
  FICHAS_LIMIT,
  getFicha,
  inactivarFicha,
  recordFichaView,
  searchFichas,
  type FichaDetail,
} from "~/modules/oncologia/fichas.server";
import {
  DELETE_INTENT,
  fichaIdSchema,
  FichaFilterSchema,
  FichaFilterValuesSchema,
  type DeleteTarget,
} from "~/modules/oncologia/fichas.schema";

export const BUSCAR_FICHA_SCREEN = "/buscar-ficha";

/** The operations of a case's options menu (spec §6) the screen shows to their holders. */
const CASE_OPS = [OP.MODIFICAR_FICHA, OP.ELIMINAR_FICHA, OP.CAMBIO_MEDICAMENTO, OP.REINGRESO];

/**
 * The filter of the URL: values for the form (as typed; organ and status as the search reads them), the parsed
 * filter (null when invalid) and the field errors.
 */
function readFilter(params: URLSearchParams) {
  const raw = rawFilter(params);
  const parsed = parseInput(FichaFilterSchema, raw);
  const shown = parseInput(FichaFilterValuesSchema, raw);
  const values: FilterValues = shown.ok ? shown.data : FichaFilterValuesSchema.parse({});
  const errors: FieldError[] = parsed.ok ? [] : parsed.errors;
  return { values, filter: parsed.ok ? parsed.data : null, errors };
}

/** An active case of a URL's id (?ver=N, ?eliminar=N), or null. */
async function activeFicha(id: string | null): Promise<FichaDetail | null> {
  const parsed = parseInput(fichaIdSchema, id);
  if (!parsed.ok) return null;
  const f = await getFicha(parsed.data);
  return f && f.activo ? f : null;
}

/** The detail of ?ver=N (its view recorded), or the not-found message. */
async function detalle(user: SessionUser, params: URLSearchParams) {
  if (!params.has("ver")) return { detail: null, detailMsg: null };
  const detail = await activeFicha(params.get("ver"));
  if (!detail) return { detail: null, detailMsg: FICHA_MSG.NOT_FOUND };
  await recordFichaView(user, detail.id);
  return { detail, detailMsg: null };
}

/** The loader's data of /buscar-ficha (the route has checked the screen). */
export async function buscarFichaScreen(request: Request, user: SessionUser) {
  const params = new URL(request.url).searchParams;
  const searched = hasFilterParams(params);
  const { values, filter, errors } = readFilter(params);
  const [organos, fichas] = await Promise.all([
    listOrganos(),
    searched && filter ? searchFichas(filter) : Promise.resolve([]),
  ]);
  const { detail, detailMsg } = await detalle(user, params);
  let confirm: DeleteTarget | null = null;
  if (params.has("eliminar") && can(user, OP.ELIMINAR_FICHA)) {
    const f = await activeFicha(params.get("eliminar"));
    confirm = f && f.editable ? { id: f.id, nro_ficha: f.nro_ficha, afi_nombre: f.afi_nombre } : null;
  }
  return json({
    values,
    errors,
    searched: searched && filter != null,
    query: filter ? filterQuery(values) : "",
    fichas,
    limited: fichas.length >= FICHAS_LIMIT,
    organos,
    operations: CASE_OPS.filter((c) => can(user, c)),
    canExport: can(user, OP.EXPORTAR_FICHAS_PDF),
    detail,
    detailMsg,
    confirm,
  });
}

/** The delete action: a case's id from the confirmation's form (the route has checked operation 7). */
export async function buscarFichaAction(request: Request, user: SessionUser) {
  const form = await request.formData().catch(() => new FormData());
  if (form.get("intent") !== DELETE_INTENT)
    return json({ ok: false as const, msg: "Operación no válida" }, { status: 400 });
  const id = parseInput(fichaIdSchema, form.get("id"));
  if (!id.ok) return json({ ok: false as const, msg: id.msg }, { status: 400 });
  const out = await inactivarFicha(id.data, user);
  if (!out.ok) return json({ ok: false as const, msg: out.msg }, { status: out.status });
  return json({ ok: true as const, msg: FICHA_MSG.DELETED });
}
