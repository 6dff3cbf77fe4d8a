// The 'Excel' download of /liquidacion-prestadores (spec part 2 §9: a CSV file named liquidacion), streamed
// from the reporting snapshot. Guard: the screen plus operation 33 'Exportar preliquidación'. Bad filters send
// the user back to the screen (which shows why); another entity's responsable → 403; no snapshot → 503.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation } from "~/auth/guards.server";
import { apiError } from "~/lib/http.server";
import { auditLiquidacionExport, liquidacionCsv } from "~/modules/prestadores/liquidacion.server";
import { EXPORT_OPERATION, parseLiquidacionQuery, SCREEN_PATH } from "~/modules/prestadores/liquidacion-schema";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireOperation(request, EXPORT_OPERATION, SCREEN_PATH);
  const url = new URL(request.url);
  const parsed = parseLiquidacionQuery(Object.fromEntries(url.searchParams));
  if (!parsed.ok) throw redirect(`${SCREEN_PATH}${url.search}`);
  const csv = liquidacionCsv(user, parsed.value);
  if (!csv.ok) return apiError(csv.status, csv.msg);
  await auditLiquidacionExport(user, parsed.value, "csv");
  return csv.response;
}
