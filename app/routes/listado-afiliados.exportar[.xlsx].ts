// Exportar a Excel of 'Listados de afiliados': the whole filtered list streamed as XLSX (sheet 'Afiliados').
// Guard: the screen plus operation 5. A bad filter sends the user back to the screen, which shows the errors.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation } from "~/auth/guards.server";
import { ListadoFilterSchema } from "~/modules/afiliados/listado.schema";
import { listadoXlsxResponse } from "~/modules/afiliados/listado.export.server";
import { auditListadoExport } from "~/modules/afiliados/listado.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireOperation(request, "5", "/listado-afiliados");
  const url = new URL(request.url);
  const parsed = ListadoFilterSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw redirect(`/listado-afiliados${url.search}`);
  await auditListadoExport(user, parsed.data, "xlsx");
  return listadoXlsxResponse(parsed.data);
}
