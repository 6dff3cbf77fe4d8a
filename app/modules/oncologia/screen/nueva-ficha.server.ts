// The Nueva Ficha screen's adapter ('Registros de Oncología', spec part 1 §2–§8): the loader's data of /nueva-ficha in
// every mode of the URL (?op=update|change_of_drogs|reingreso&id=N; ?id=N = read-only view) and its action — the member
// lookup ('buscar-afiliado': the member's data for that DNI, or emptied), conform's list intents (add/remove drug
// rows) and the save through one conform form (fichaActionSchema; the write is fichas-save.server.ts's). The route
// has checked the screen.
import { json, redirect } from "@remix-run/node";
import { FORBIDDEN_OPERATION, type SessionUser } from "~/auth/guards.server";
import { todayISO } from "~/lib/dates";
import { parseForm, replyWithFailure, type Refusal } from "~/lib/form.server";
import { notFound } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { faltaVersion, MSG_VERSION_FALTA } from "~/lib/version";
import { AFILIADO_NO_EXISTE, afiliadoParaFicha } from "~/modules/oncologia/afiliado-ficha.server";
import { listMedicos, listMonodrogas, listOrganos } from "~/modules/oncologia/catalogos.server";
import { emptyMember, fichaDefaults } from "~/modules/oncologia/components/ficha/defaults";
import { BUSCAR_AFILIADO, fichaActionSchema } from "~/modules/oncologia/components/ficha/form-schema";
import type { FichaDefaults, NuevaFichaActionResult, Popup } from "~/modules/oncologia/components/ficha/types";
import { FICHA_MSG } from "~/modules/oncologia/fichas.messages";
import { FichaDniSchema, NuevaFichaUrlSchema } from "~/modules/oncologia/fichas.schema";
import { createFicha, getFicha, updateFicha } from "~/modules/oncologia/fichas.server";
import {
  canSave,
  createsFicha,
  estadoForMode,
  isReadOnly,
  modeFromOperation,
  type Mode,
} from "~/modules/oncologia/rules";

const SCREEN = "/nueva-ficha";
const ERROR_TITLE = "Error al crear Ficha";
const AFILIADO_TITLE = "Afiliado No Existe";

/** Mode, ficha id and save message of a request URL; an id that is present but not a positive integer → 404. */
function urlState(request: Request): { mode: Mode; id: number | null; key: string; ok: string | null } {
  const parsed = parseInput(NuevaFichaUrlSchema, queryOf(request));
  if (!parsed.ok) throw notFound(FICHA_MSG.NOT_FOUND);
  const id = parsed.data.id ?? null;
  const mode = modeFromOperation(parsed.data.op, id != null);
  return { mode, id: mode === "new" ? null : id, key: `${mode}-${id ?? "new"}`, ok: parsed.data.ok ?? null };
}

/** The loader's data of /nueva-ficha: the mode of the URL, its ficha (404 when not an active one) and the catalogues. */
export async function nuevaFichaScreen(request: Request, user: SessionUser) {
  const { mode, id, key, ok } = urlState(request);
  const ficha = id != null ? await getFicha(id) : null;
  if (id != null && (!ficha || !ficha.activo)) throw notFound(FICHA_MSG.NOT_FOUND);
  const [organos, monodrogas, medicos] = await Promise.all([listOrganos(), listMonodrogas(), listMedicos()]);
  const editable = mode === "new" || Boolean(ficha?.editable);
  return json({
    mode,
    key,
    fichaId: ficha?.id ?? null,
    nroFicha: mode === "update" || mode === "view" ? (ficha?.nro_ficha ?? null) : null,
    estado: mode === "update" || mode === "view" ? (ficha?.estado_ficha ?? null) : estadoForMode(mode),
    defaults: fichaDefaults(ficha, mode, todayISO()),
    catalogos: { organos, monodrogas, medicos },
    showSave: canSave(mode, user) && editable,
    notEditable: !isReadOnly(mode) && !editable,
    success: mode === "view" ? (ok === "1" ? FICHA_MSG.CREATED : ok === "2" ? FICHA_MSG.UPDATED : null) : null,
  });
}

/** The refusal of a save the user's operations do not allow. */
const FORBIDDEN: Refusal = { msg: FORBIDDEN_OPERATION, code: "forbidden" };

/**
 * The action of /nueva-ficha (the route has checked the screen): the member lookup ('buscar-afiliado'), conform's list
 * intents, and the save (its operation checked here), which redirects to the saved ficha with its message.
 */
export async function nuevaFichaAction(request: Request, user: SessionUser) {
  const { mode, id, key } = urlState(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  formData.delete("intent");
  const schema = fichaActionSchema(formData, mode);
  const submission = parseForm(formData, { schema });

  if (intent === BUSCAR_AFILIADO) {
    const dni = parseInput(FichaDniSchema, { afi_dni: formData.get("afi_dni") ?? "" });
    const afiliado = dni.ok ? await afiliadoParaFicha(dni.data.afi_dni) : null;
    const msg = !dni.ok ? dni.msg : afiliado ? null : AFILIADO_NO_EXISTE;
    // Found: the member's data, for this DNI. Not found or malformed: the member's data emptied (never another's).
    const member: FichaDefaults = afiliado ? { ...afiliado, afi_dni_buscado: afiliado.afi_dni } : emptyMember();
    const values = { ...(submission.payload as FichaDefaults), ...member };
    const popup: Popup | null = msg ? { title: AFILIADO_TITLE, msg, kind: "afiliado" } : null;
    return json<NuevaFichaActionResult>(
      { kind: "buscar", key, values, popup, at: Date.now() },
      { status: msg ? 404 : 200 },
    );
  }

  const fail = (status: number, refusal: Refusal) => {
    const result = replyWithFailure(submission, refusal);
    return json<NuevaFichaActionResult>(
      { kind: "form", key, result, popup: { title: ERROR_TITLE, msg: refusal.msg, kind: "error" } },
      { status },
    );
  };

  if (submission.status !== "success") {
    // A list intent (add / remove a drug row, without JavaScript) or field errors.
    if (submission.status !== "error")
      return json<NuevaFichaActionResult>({ kind: "form", key, result: submission.reply(), popup: null });
    return json<NuevaFichaActionResult>(
      {
        kind: "form",
        key,
        result: submission.reply(),
        popup: {
          title: ERROR_TITLE,
          msg: faltaVersion(schema, submission.payload) ? MSG_VERSION_FALTA : "Revise los campos marcados",
          kind: "error",
        },
      },
      { status: 400 },
    );
  }
  if (!canSave(mode, user)) return fail(403, FORBIDDEN);

  const { id: _id, version, ...input } = submission.value;
  const saved =
    mode === "update"
      ? await updateFicha({ ...input, id: id ?? undefined, version }, user)
      : createsFicha(mode)
        ? await createFicha(input, mode as "new" | "change_of_drogs" | "reingreso", user, id ?? undefined)
        : null;
  if (!saved) return fail(403, FORBIDDEN);
  if (!saved.ok) return fail(saved.status, saved);
  return redirect(`${SCREEN}?id=${saved.ficha.id}&ok=${mode === "update" ? 2 : 1}`);
}
