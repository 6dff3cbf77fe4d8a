// GET /api/padron_farmacia/beneficiarios-activos | beneficiarios-medicamentos | beneficiarios-diabeticos |
// beneficiarios-diabeticos-medicamentos (spec part 2 §7; docs/decisions/038-pharmacy-rosters.md): generates the
// roster (shared with a generation of it already running) and answers { length, padron, file_name, reg_file_name,
// fecha, url, reg_url, file }: file = the text content, length = the count, streamed (never one big string).
// Operation 24; an unknown roster → 404; no snapshot yet → 503 { msg }.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiOperation } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { apiError, notFound, methodNotAllowed } from "~/lib/http.server";
import { MSG_PADRON_INVALIDO, SCREEN_PATH } from "~/modules/padron-farmacia/padron-farmacia.schema";
import { generarPadron, padronJsonResponse, padronOfApiPath } from "~/modules/padron-farmacia/padron-farmacia.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiOperation(request, OP.GENERAR_PADRON_FARMACIA, SCREEN_PATH);
  const padron = padronOfApiPath(params.padron ?? "");
  if (!padron) throw notFound(MSG_PADRON_INVALIDO);
  const r = await generarPadron(user, padron, "api");
  if (!r.ok) throw apiError(r.status, r.msg);
  return padronJsonResponse(r.archivo);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiOperation(request, OP.GENERAR_PADRON_FARMACIA, SCREEN_PATH);
  throw methodNotAllowed();
}
