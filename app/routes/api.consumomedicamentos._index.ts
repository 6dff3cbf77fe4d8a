// GET /api/consumomedicamentos/?dni=&fecha_desde=&fecha_hasta= → { consumo } (dispensing dates; 1900-01-01 is
// the 'Sin info' sentinel and comes back as it is stored). Operation 15.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~db/client.server";
import { requireApiOperation } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { ConsumoQuerySchema } from "~/modules/afiliados/autorizaciones.schema";
import { listConsumo, memberIdByDni } from "~/modules/afiliados/consumo.server";
import { audit } from "~/modules/audit-log/audit.server";
import { OP } from "~db/reference";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.VER_FICHA_CONSUMO, "/consultar-padron");
  const q = validate(ConsumoQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  const consumo = await listConsumo(q);
  const idafi = await memberIdByDni(q.dni);
  await audit(await getDb(), user, {
    accion: "afiliado.ver",
    entidad: "afiliado",
    entidadId: idafi ?? undefined,
    detalle: { tab: "consumo-medicamentos", fecha_desde: q.fecha_desde, fecha_hasta: q.fecha_hasta },
  });
  return json({ consumo }, { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed();
