// The JSON calls of a profile's grants (spec part 2 §7 /api/perfil-operationes, and its mirror /api/perfil-pantallas;
// docs/decisions/035): the same three for each kind of grant (grants.server.ts). A route file runs its guard, then
// one of these: GET available-…/{id}, POST add-…/, DELETE remove-…/. Answers are never cached.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { apiError, notFound, methodNotAllowed, parseJsonBody, validate } from "~/lib/http.server";
import type { AuditActor } from "~/lib/audit.server";
import {
  agregarGrants,
  grantsDelPerfil,
  quitarGrants,
  type GrantKind,
  type GrantParam,
  type GrantRecord,
  type GrantResult,
} from "./grants.server";
import { OPERACIONES } from "./operaciones.server";
import { PANTALLAS } from "./pantallas.server";
import { z } from "~/lib/zod";
import { PerfilIdParamsSchema, quitarBody, quitarQuery, RegistrosSchema } from "./perfiles.schema";
import { PERFIL_MSG } from "./rules";

const NO_STORE = { "Cache-Control": "no-store" };

function cambioJson<P extends GrantParam, R>(param: P, r: GrantResult<P, R>): Response {
  if (!r.ok) throw apiError(r.status, r.msg, r.errors);
  return json({ msg: r.msg, [param]: r[param] }, { headers: NO_STORE });
}

/** The three calls of one kind of grant. */
function grantsApi<P extends GrantParam, A, R extends GrantRecord, G extends string | number>(
  kind: GrantKind<P, A, R, G>,
) {
  return {
    /** GET available-…/{id} → { available_…, perfil_… }; an unknown profile → 404, an id that is not one → 400. */
    async disponibles(params: LoaderFunctionArgs["params"]): Promise<Response> {
      const { id } = validate(PerfilIdParamsSchema, params);
      const r = await grantsDelPerfil(kind, id);
      if (!r) throw notFound(PERFIL_MSG.NO_EXISTE);
      return json(r, { headers: NO_STORE });
    },

    /** POST add-…/ { usPerfilId, operations | screens: [keys] } → { msg, operations | screens: [records added] }. */
    async agregar(request: Request, actor: AuditActor): Promise<Response> {
      if (request.method !== "POST") throw methodNotAllowed();
      return cambioJson(kind.param, await agregarGrants(kind, await parseJsonBody(request, kind.schema), actor));
    },

    /**
     * DELETE remove-…/ with params: ?usPerfilId=&operations= (or &screens=; comma-separated or repeated) or ?ids=
     * (records of one profile), or the same as a JSON body, where `operations` may hold the records GET answered
     * (removed by their id) → { msg, operations | screens: [the records removed] }.
     */
    async quitar(request: Request, actor: AuditActor): Promise<Response> {
      if (request.method !== "DELETE") throw methodNotAllowed();
      const query = quitarQuery(new URL(request.url).searchParams, kind.param);
      // The params of §7; without a list in them, a JSON body (the records GET answered, or codes / paths).
      const raw =
        query.ids || query[kind.param]
          ? query
          : quitarBody(await parseJsonBody(request, z.looseObject({})), kind.param);
      const input =
        "ids" in raw && raw.ids && !(kind.param in raw && raw[kind.param])
          ? validate(RegistrosSchema, raw)
          : validate(kind.schema, raw);
      return cambioJson(kind.param, await quitarGrants(kind, input, actor));
    },
  };
}

/** /api/perfil-operationes. */
export const OPERACIONES_API = grantsApi(OPERACIONES);
/** /api/perfil-pantallas. */
export const PANTALLAS_API = grantsApi(PANTALLAS);
