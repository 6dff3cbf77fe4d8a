// GET /api/afiliado/autorizacion?id={referenced authorisation number}&practica={code} → { autorizacion }.
// Served by this system itself (the original called a separate fixed server and ignored certificate errors).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation } from "~/auth/guards.server";
import { notFound, methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { AutorizacionQuerySchema } from "~/modules/afiliados/autorizaciones.schema";
import { getAutorizacion, recordAutorizacionView } from "~/modules/afiliados/autorizaciones.server";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  const q = validate(AutorizacionQuerySchema, queryOf(request));
  const autorizacion = await getAutorizacion(q);
  if (!autorizacion) throw notFound("No se encontró la autorización");
  await recordAutorizacionView(user, autorizacion, q);
  return json({ autorizacion }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  throw methodNotAllowed();
}
