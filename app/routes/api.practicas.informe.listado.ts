// GET /api/practicas/informe/listado (docs/decisions/008-practice-report-api.md): the same filters plus
// practica (and practica_subitem, page, size) → { autorizaciones, total }.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen, requireApiUser } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { listadoPractica } from "~/modules/practicas/informe.server";
import { ListadoFilterSchema } from "~/modules/practicas/informe.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/informes-practicas");
  const filter = validate(ListadoFilterSchema, queryOf(request));
  return json(await listadoPractica(filter), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}
