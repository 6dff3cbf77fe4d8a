// GET /api/practicas/informe (docs/decisions/008-practice-report-api.md): the filters of 'Consulta de
// Prácticas' as query → { resultado: [{ practica, subitem, descpractica, cantidad }], truncado }.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen, requireApiUser } from "~/auth/guards.server";
import { methodNotAllowed, validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { informePracticas } from "~/modules/practicas/informe.server";
import { InformeFilterSchema } from "~/modules/practicas/informe.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, "/informes-practicas");
  const filter = validate(InformeFilterSchema, queryOf(request));
  return json(await informePracticas(filter), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}
