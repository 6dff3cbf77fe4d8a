// GET /api/afiliado/buscarafiliadoycoberturas/{dni} (spec part 1 §7, public lookup): { afiliado, coberturas }
// with only what the public screen shows; 400 bad DNI, 404 { msg: 'No se encontró resultado' }, 429 too many
// lookups from the address. No token: the lookup is public (spec §6), and rate limited.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiError, methodNotAllowed } from "~/lib/http.server";
import { consultaPublica } from "~/modules/coberturas/publico.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const outcome = await consultaPublica({ dni: params.dni ?? "" }).catch((err: Error) => {
    console.error(`[api consulta-publica] ${err.message}`);
    return null;
  });
  if (!outcome) return apiError(503, "No fue posible realizar la consulta. Intente nuevamente más tarde.");
  if (!outcome.ok) {
    return apiError(
      outcome.status,
      outcome.msg,
      outcome.field ? [{ param: outcome.field, msg: outcome.msg }] : undefined,
    );
  }
  return json(outcome.resultado, { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed();
}
