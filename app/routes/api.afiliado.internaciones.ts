// GET /api/afiliado/internaciones?idafi={id}&cobertura=TODAS → { internaciones } (operation 38).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~db/client.server";
import { requireApiOperation } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { InternacionesQuerySchema } from "~/modules/afiliados/autorizaciones.schema";
import { listInternaciones } from "~/modules/afiliados/internaciones.server";
import { audit } from "~/modules/audit-log/audit.server";
import { OP } from "~db/reference";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.VER_INTERNACIONES, "/consultar-padron");
  const q = validate(InternacionesQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const idafi = q.idafi!;
  const internaciones = await listInternaciones({ idafi, cobertura: q.cobertura });
  await audit(await getDb(), user, {
    accion: "afiliado.ver",
    entidad: "afiliado",
    entidadId: idafi,
    detalle: { tab: "internaciones", cobertura: q.cobertura },
  });
  return json({ internaciones }, { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed();
