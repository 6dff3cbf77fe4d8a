// GET /api/afiliado/buscarafiliadoycoberturas/{dni} (spec part 1 §7, public lookup): { afiliado, coberturas }
// with only what the public screen shows; 400 bad DNI, 404 { msg: 'No se encontró resultado' }, 429 too many
// lookups from the address or from all addresses in the hour. No token: the lookup is public (spec §6), rate limited
// and counted whoever calls, with the form's honeypot: `?website=` filled is answered as not found (ADR 026).
import { isDatabaseOutage } from "~/lib/outage.server";
import { errorSummary } from "~/lib/log-safe.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/lib/http.server";
import { queryOf, typedValues } from "~/lib/input";
import { consultaPublica } from "~/modules/coberturas/publico.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { website } = typedValues(queryOf(request), { website: 100 });
  const outcome = await consultaPublica({ dni: params.dni ?? "", website }).catch((err: Error) => {
    if (isDatabaseOutage(err)) throw err; // 503 with Retry-After (ADR 045)
    console.error(`[api consulta-publica] ${errorSummary(err)}`);
    return null;
  });
  if (!outcome) throw apiError(503, "No fue posible realizar la consulta. Intente nuevamente más tarde.");
  if (!outcome.ok) {
    throw apiError(
      outcome.status,
      outcome.msg,
      outcome.field ? [{ param: outcome.field, msg: outcome.msg }] : undefined,
    );
  }
  return json(outcome.resultado, { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  throw methodNotAllowed();
}
