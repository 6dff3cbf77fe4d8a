// GET /api/afiliado/autorizacion?id={referenced authorisation number}&practica={code} → { autorizacion }.
// Served by this system itself (the original called a separate fixed server and ignored certificate errors).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~db/client.server";
import { requireApiOperation } from "~/auth/guards.server";
import { apiError, methodNotAllowed, validate } from "~/lib/http.server";
import { AutorizacionQuerySchema } from "~/modules/afiliados/autorizaciones.schema";
import { getAutorizacion } from "~/modules/afiliados/autorizaciones.server";
import { audit } from "~/modules/audit-log/audit.server";
import { OP } from "~db/reference";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  const q = validate(AutorizacionQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const autorizacion = await getAutorizacion(q);
  if (!autorizacion) return apiError(404, "No se encontró la autorización");
  await audit(await getDb(), user, {
    accion: "afiliado.ver",
    entidad: "afiliado",
    entidadId: autorizacion.idafi ?? undefined,
    detalle: { tab: "autorizacion", id: q.id, practica: q.practica },
  });
  return json({ autorizacion }, { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed();
