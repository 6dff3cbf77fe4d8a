// /api/reportes-programados (issue 29, docs/decisions/058): GET → { programaciones, archivos } (the screen's holders;
// archivos newest first); POST { reporte, periodo, formato, cron, responsable?, efector? } → 201 { programacion }
// (operation 40 'Programar reportes'). Bad shape 400, rules 422, each with a Spanish msg and errors [{ param, msg }].
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation, requireApiScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/http.server";
import { ProgramacionSchema } from "~/modules/reportes-programados/reportes-programados.schema";
import { crearProgramacion, listProgramaciones } from "~/modules/reportes-programados/programaciones.server";
import { SCREEN_PATH } from "~/modules/reportes-programados/rules";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiScreen(request, SCREEN_PATH);
  return json(await listProgramaciones(user), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiOperation(request, OP.PROGRAMAR_REPORTES, SCREEN_PATH);
  if (request.method !== "POST") throw methodNotAllowed();
  const r = await crearProgramacion(await parseJsonBody(request, ProgramacionSchema), user);
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json({ programacion: r.programacion }, { status: 201, headers: NO_STORE });
}
