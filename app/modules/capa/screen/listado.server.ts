// The 'Listado de Registros CAPA Covid' screen's adapter (spec part 2 §2, §9): the loader's data of /listado-capa —
// the records registered in the URL's range (today–today by default), 20 a page, and the export permissions. The route
// has checked the screen.
import { json } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf, typedValues, type FieldError } from "~/lib/input";
import { CapaListSchema } from "~/modules/capa/capa.schema";
import { listCapa } from "~/modules/capa/capa.server";
import { PAGE_SIZE, type FichaCapa } from "~/modules/capa/rules";

/**
 * The /listado-capa screen's loader data (the route has checked the screen): the records of the URL's range, 20 a
 * page; a refused range or page answers 400 with the range as typed.
 */
export async function listadoCapaScreen(request: Request, user: SessionUser) {
  const raw = queryOf(request);
  const perms = { canExport: can(user, OP.EXPORTAR_CAPA), canModify: can(user, OP.MODIFICAR_CAPA) };
  // The screen pages by 20; size and for_export are the API's.
  const parsed = parseInput(CapaListSchema, {
    fecha_desde: raw.fecha_desde,
    fecha_hasta: raw.fecha_hasta,
    page: raw.page,
  });
  if (!parsed.ok) {
    const today = todayISO();
    const values = typedValues(
      raw,
      { fecha_desde: 10, fecha_hasta: 10 },
      { absent: { fecha_desde: today, fecha_hasta: today } },
    );
    return json(
      { ...perms, ok: false as const, errors: parsed.errors, values, fichas: [] as FichaCapa[], total: 0, page: 0 },
      { status: 400 },
    );
  }
  const { fecha_desde, fecha_hasta, page } = parsed.data;
  const { fichas, total_records } = await listCapa({ ...parsed.data, size: PAGE_SIZE, for_export: false });
  return json({
    ...perms,
    ok: true as const,
    errors: [] as FieldError[],
    values: { fecha_desde, fecha_hasta },
    fichas,
    total: total_records,
    page,
  });
}
