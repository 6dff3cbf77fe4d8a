// The server side of the screens /regcapa and /regcapa/{id} (the routes guard, then call these): the loader's data
// and the form's action — the member lookup, the household row lookups, conform's list intents (add/remove rows,
// without JavaScript too) and the save, which redirects to the screen with its success message (the form restarts:
// empty when registering, as saved when modifying).
import { parseForm, replyWithFailure } from "~/lib/form.server";
import { json, redirect } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf } from "~/lib/input";
import { faltaVersion, MSG_VERSION_FALTA } from "~/lib/version";
import {
  BUSCAR_AFILIADO,
  CapaModificarFormSchema,
  CapaSchema,
  capaScreenQuerySchema,
  filaBuscada,
} from "~/modules/capa/capa.schema";
import { afiliadoCapa, createCapa, getCapa, integranteCapa, updateCapa } from "~/modules/capa/capa.server";
import { capaDefaults } from "~/modules/capa/components/defaults";
import type {
  CapaActionResult,
  CapaDefaults,
  CapaMode,
  CapaPopup,
  CapaScreenData,
} from "~/modules/capa/components/types";
import { CAPA_MSG } from "~/modules/capa/rules";
import { notFound } from "~/lib/http.server";

const SCREEN = "/regcapa";

/** The URL the form posts to (without the success message's parameters). */
const formAction = (id: number | null) => (id == null ? `${SCREEN}?index` : `${SCREEN}/${id}`);

/** The operation that saves in `mode`. */
const canSave = (user: SessionUser, mode: CapaMode) =>
  can(user, mode === "edit" ? OP.MODIFICAR_CAPA : OP.REGISTRAR_CAPA);

/**
 * The success message of the URL (ok=1 registered, ok=2 modified; n = the record's number) and the stamp that
 * identifies that save (at), so a revalidation shows it once and the form restarts once.
 */
function successOf(request: Request, mode: CapaMode): { success: CapaScreenData["success"]; stamp: string } {
  const parsed = parseInput(capaScreenQuerySchema, queryOf(request));
  const { ok, n, at } = parsed.ok ? parsed.data : {};
  const nro = n ?? null;
  if (mode === "new" && ok === "1") return { success: { msg: CAPA_MSG.CREATED, nro }, stamp: at ?? "" };
  if (mode === "edit" && ok === "2") return { success: { msg: CAPA_MSG.UPDATED, nro }, stamp: at ?? "" };
  return { success: null, stamp: "" };
}

/** The loader's data; `id` is a record's (already parsed), null for a new one. Unknown id → 404. */
export async function capaScreenData(
  request: Request,
  user: SessionUser,
  id: number | null,
): Promise<CapaScreenData & { today: string; action: string }> {
  const mode: CapaMode = id == null ? "new" : "edit";
  const ficha = id == null ? null : await getCapa(id);
  if (id != null && !ficha) throw notFound(CAPA_MSG.NOT_FOUND);
  const { success, stamp } = successOf(request, mode);
  return {
    mode,
    base: `${mode}-${id ?? "new"}`,
    key: `${mode}-${id ?? "new"}-${stamp}`,
    fichaId: ficha?.id ?? null,
    nroRegistro: ficha?.nro_registro ?? null,
    fechaRegistracion: ficha?.fecha_registracion ?? null,
    defaults: capaDefaults(ficha),
    canSave: canSave(user, mode),
    success,
    today: todayISO(),
    action: formAction(id),
  };
}

type Payload = Record<string, unknown> & { integrantes?: unknown };

/** The member lookup: the registry's data into the form (every other value kept), or the error dialog. */
async function buscarAfiliado(key: string, payload: Payload): Promise<Response> {
  const parsed = CapaSchema.shape.afi_dni.safeParse(payload.afi_dni ?? undefined);
  const afiliado = parsed.success ? await afiliadoCapa(parsed.data) : null;
  const member = {
    afi_nombre: afiliado?.afi_nombre,
    afi_nro_afi: afiliado?.afi_nro_afi,
    afi_parentesco: afiliado?.afi_parentesco,
    afi_edad: afiliado?.afi_edad == null ? undefined : String(afiliado.afi_edad),
  };
  const values = { ...(payload as CapaDefaults), ...member };
  const popup: CapaPopup | null = !parsed.success
    ? { title: parsed.error.issues[0]?.message ?? CAPA_MSG.AFILIADO_NO_EXISTE }
    : afiliado
      ? null
      : { title: CAPA_MSG.AFILIADO_NO_EXISTE };
  return json<CapaActionResult>(
    { kind: "buscar", key, values, popup, at: Date.now() },
    { status: !parsed.success ? 400 : afiliado ? 200 : 404 },
  );
}

/** A household row's lookup: the registry's name and age into row `i`, or nothing (silent, spec §8). */
async function buscarIntegrante(key: string, payload: Payload, i: number): Promise<Response> {
  const rows = Array.isArray(payload.integrantes) ? (payload.integrantes as Record<string, unknown>[]) : [];
  const row = rows[i];
  const dni = row && typeof row === "object" ? row.afi_dni_integrante : undefined;
  const found = typeof dni === "string" ? await integranteCapa(dni.trim()) : null;
  const integrantes = found
    ? rows.map((r, n) =>
        n === i
          ? {
              ...r,
              afi_nombre_integrante: found.afi_nombre_integrante,
              afi_edad_integrante: found.afi_edad_integrante == null ? undefined : String(found.afi_edad_integrante),
            }
          : r,
      )
    : rows;
  const values = { ...(payload as CapaDefaults), integrantes: integrantes as CapaDefaults[string] };
  return json<CapaActionResult>({ kind: "buscar", key, values, popup: null, at: Date.now() });
}

/** The form's action: `id` is the record's (edit) or null (new); the route has checked the operation. */
export async function capaScreenAction(request: Request, user: SessionUser, id: number | null): Promise<Response> {
  const mode: CapaMode = id == null ? "new" : "edit";
  const key = `${mode}-${id ?? "new"}`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  formData.delete("intent");
  // Modifying needs the version read (a form without it is refused, ADR 047); registering does not.
  const schema = mode === "edit" ? CapaModificarFormSchema : CapaSchema;
  const submission = parseForm(formData, { schema });
  const payload = submission.payload as Payload;

  if (intent === BUSCAR_AFILIADO) {
    if (mode === "edit")
      return json<CapaActionResult>({ kind: "form", key: key, result: submission.reply(), popup: null });
    return buscarAfiliado(key, payload);
  }
  const fila = filaBuscada(intent);
  if (fila != null) return buscarIntegrante(key, payload, fila);

  if (submission.status !== "success") {
    // conform's list intents (add / remove a household row) answer the form as it is now; errors are 400.
    if (submission.status !== "error")
      return json<CapaActionResult>({ kind: "form", key: key, result: submission.reply(), popup: null });
    return json<CapaActionResult>(
      {
        kind: "form",
        key: key,
        result: submission.reply(),
        popup: faltaVersion(schema, submission.payload)
          ? { title: MSG_VERSION_FALTA }
          : { title: CAPA_MSG.SAVE_ERROR, detail: CAPA_MSG.REVISE },
      },
      { status: 400 },
    );
  }

  const saved =
    mode === "edit"
      ? await updateCapa({ ...submission.value, id: id! }, user)
      : await createCapa({ ...submission.value, id: undefined }, user);
  if (!saved.ok) {
    // The popup says why; the fields show their errors (a stale save, ADR 047: the form keeps what was typed).
    return json<CapaActionResult>(
      {
        kind: "form",
        key: key,
        result: replyWithFailure(submission, saved, { formMessage: false }),
        popup: { title: saved.msg || CAPA_MSG.SAVE_ERROR },
      },
      { status: saved.status },
    );
  }
  const at = Date.now();
  return mode === "edit"
    ? redirect(`${SCREEN}/${id}?ok=2&n=${saved.ficha.nro_registro}&at=${at}`)
    : redirect(`${SCREEN}?ok=1&n=${saved.ficha.nro_registro}&at=${at}`);
}
