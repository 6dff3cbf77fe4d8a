// POST /api/onco (create: new, drug change, readmission → 201 { newFicha, msg }) and PUT /api/onco (update with
// id → { fichaModificada, msg }; with the version read, 409 when stale; without it, last write wins, answered with
// the Deprecation and Warning headers) — spec part 1 §7, decisions 012, 027 and 047.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { FORBIDDEN_OPERATION, requireApiScreen, requireApiUser, type SessionUser } from "~/auth/guards.server";
import { apiError, methodNotAllowed, parseJsonBody, validate } from "~/lib/http.server";
import { createFicha, FICHA_MSG, updateFicha, type SaveResult } from "~/modules/oncologia/fichas.server";
import { canSave } from "~/modules/oncologia/rules";
import { CreateEnvelopeSchema, FichaSchema } from "~/modules/oncologia/fichas.schema";
import { sinVersionHeaders } from "~/lib/version";

const SCREEN = "/nueva-ficha";
const NO_STORE = { "Cache-Control": "no-store" };

function failure(r: Extract<SaveResult, { ok: false }>): Response {
  return apiError(r.status, r.msg, r.errors);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  throw methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiScreen(request, SCREEN);
  if (request.method === "POST") return create(request, user);
  if (request.method === "PUT") return update(request, user);
  throw methodNotAllowed();
}

async function create(request: Request, user: SessionUser): Promise<Response> {
  const body = await parseJsonBody(request, CreateEnvelopeSchema);
  const mode = body.operacion === "" ? "new" : body.operacion;
  if (!canSave(mode, user)) throw apiError(403, FORBIDDEN_OPERATION);
  const input = validate(FichaSchema, body);
  let sourceId: number | undefined;
  if (mode !== "new") {
    // The source case: id_origen, or the id of the case the form was opened from (legacy clients send it as id).
    sourceId = body.id_origen ?? input.id;
    if (sourceId == null)
      throw apiError(400, FICHA_MSG.SOURCE_REQUIRED, [{ param: "id_origen", msg: FICHA_MSG.SOURCE_REQUIRED }]);
  }
  const r = await createFicha(input, mode, user, sourceId);
  if (!r.ok) throw failure(r);
  return json({ newFicha: r.ficha, msg: r.msg }, { status: 201, headers: NO_STORE });
}

async function update(request: Request, user: SessionUser): Promise<Response> {
  if (!canSave("update", user)) throw apiError(403, FORBIDDEN_OPERATION);
  const input = await parseJsonBody(request, FichaSchema);
  if (input.id == null) throw apiError(400, FICHA_MSG.ID_REQUIRED, [{ param: "id", msg: FICHA_MSG.ID_REQUIRED }]);
  const r = await updateFicha(input, user);
  if (!r.ok) throw failure(r);
  return json(
    { fichaModificada: r.ficha, msg: r.msg },
    { headers: { ...NO_STORE, ...sinVersionHeaders(input.version) } },
  );
}
