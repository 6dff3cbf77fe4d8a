// Nueva Ficha ('Registros de Oncología', spec part 1 §2–§8): one conform form (FichaSchema in the browser and
// here) in every mode of the URL (?op=update|change_of_drogs|reingreso&id=N; ?id=N = read-only view). Intents:
// 'buscar-afiliado' fills the member data (a failed lookup empties them); conform's list intents add/remove drug rows
// (without JavaScript too). A save whose DNI is not the one the member data were filled for is refused on the DNI
// (fichaFormSchema); the module takes the member's identity from the registry anyway (issue 26).
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { parseForm, replyWithFailure, type Refusal } from "~/lib/form.server";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useRef } from "react";
import { FORBIDDEN_OPERATION, requireScreen } from "~/auth/guards.server";
import { Alert, Busy, checkFormWith } from "~/components/ui";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf } from "~/lib/input";
import { faltaVersion, MSG_VERSION_FALTA } from "~/lib/version";
import { AFILIADO_NO_EXISTE, afiliadoParaFicha } from "~/modules/oncologia/afiliado-ficha.server";
import { listMedicos, listMonodrogas, listOrganos } from "~/modules/oncologia/catalogos.server";
import { emptyMember, fichaDefaults, type FichaDefaults } from "~/modules/oncologia/components/ficha/defaults";
import { fichaActionSchema, fichaFormSchema } from "~/modules/oncologia/components/ficha/form-schema";
import { FichaForm, GUARDAR } from "~/modules/oncologia/components/ficha/FichaForm";
import { ErrorPopup, SuccessPopup, type Popup } from "~/modules/oncologia/components/ficha/FichaMessages";
import { BUSCAR_AFILIADO } from "~/modules/oncologia/components/ficha/MemberLookup";
import type { FichaFormValue } from "~/modules/oncologia/components/ficha/types";
import { FICHA_MSG } from "~/modules/oncologia/fichas.messages";
import { createFicha, getFicha, updateFicha } from "~/modules/oncologia/fichas.server";
import {
  canSave,
  createsFicha,
  estadoForMode,
  headingForMode,
  isReadOnly,
  modeFromOperation,
  type Mode,
} from "~/modules/oncologia/rules";
import { FichaDniSchema, FichaSchema, NuevaFichaUrlSchema } from "~/modules/oncologia/fichas.schema";
import styles from "~/styles/oncologia-ficha.css";
import { notFound } from "~/lib/http.server";

export const handle = { title: "Registros de Oncología" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

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

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
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

type ActionResult =
  | { kind: "form"; key: string; result: SubmissionResult<string[]>; popup: Popup | null }
  | { kind: "buscar"; key: string; values: FichaDefaults; popup: Popup | null; at: number };

/** The refusal of a save the user's operations do not allow. */
const FORBIDDEN: Refusal = { msg: FORBIDDEN_OPERATION, code: "forbidden" };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
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
    return json<ActionResult>({ kind: "buscar", key, values, popup, at: Date.now() }, { status: msg ? 404 : 200 });
  }

  const fail = (status: number, refusal: Refusal) => {
    const result = replyWithFailure(submission, refusal);
    return json<ActionResult>(
      { kind: "form", key, result, popup: { title: ERROR_TITLE, msg: refusal.msg, kind: "error" } },
      { status },
    );
  };

  if (submission.status !== "success") {
    // A list intent (add / remove a drug row, without JavaScript) or field errors.
    if (submission.status !== "error")
      return json<ActionResult>({ kind: "form", key, result: submission.reply(), popup: null });
    return json<ActionResult>(
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

export default function NuevaFicha() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  // The last member lookup of this mode/ficha restarts the form with its values (every other value kept).
  const lookup = useRef<Extract<ActionResult, { kind: "buscar" }> | null>(null);
  if (answer?.kind === "buscar") lookup.current = answer;
  if (lookup.current && lookup.current.key !== data.key) lookup.current = null;
  const formId = `ficha-${data.key}${lookup.current ? `-${lookup.current.at}` : ""}`;
  const lastResult = answer?.kind === "form" && answer.key === data.key ? answer.result : undefined;

  const [form, fields] = useForm<FichaFormValue>({
    id: formId,
    lastResult,
    defaultValue: (lookup.current?.values ?? data.defaults) as never,
    onValidate({ formData, submitter }) {
      const intent = submitter?.getAttribute("name") === "intent" ? submitter.value : null;
      // The DNI-without-'Buscar' rule only when saving: on blur (conform validates through its own submitter) it would
      // put an error under the DNI, and move 'Buscar' away from the pointer, before the clerk could press it.
      if (intent === BUSCAR_AFILIADO) return checkFormWith(formData, FichaDniSchema, FichaSchema);
      return parseWithZod(formData, { schema: intent === GUARDAR ? fichaFormSchema(formData) : FichaSchema });
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const searching = submitting && navigation.formData?.get("intent") === BUSCAR_AFILIADO;
  const reset =
    data.fichaId == null
      ? null
      : data.mode === "update"
        ? { to: `${SCREEN}?id=${data.fichaId}`, label: "Cancelar Edición" }
        : { to: SCREEN, label: "Nueva Ficha" };

  return (
    <section className="screen ficha-screen">
      <h2 className="screen-title">{headingForMode(data.mode)}</h2>
      <SuccessPopup msg={data.success} />
      <ErrorPopup popup={answer?.popup ?? null} />
      {data.notEditable && <Alert severity="warning">{FICHA_MSG.NOT_EDITABLE}</Alert>}
      <FichaForm
        key={formId}
        form={form}
        fields={fields}
        catalogos={data.catalogos}
        readOnly={isReadOnly(data.mode)}
        showSave={data.showSave}
        nroFicha={data.nroFicha}
        estado={data.estado}
      />
      {reset && (
        <Link to={reset.to} className="ui-button ui-button--primary ficha-fab">
          {reset.label}
        </Link>
      )}
      <Busy busy={submitting} fullScreen label={searching ? "Buscando afiliado..." : "Guardando ficha..."} />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="screen" role="alert">
      <h2 className="screen-title">{missing ? "Ficha no encontrada" : "Error al obtener información"}</h2>
      <p>{missing ? FICHA_MSG.NOT_FOUND : "No se pudo abrir la ficha. Intente nuevamente."}</p>
      <Link to={SCREEN} className="ui-button ui-button--secondary">
        Nueva Ficha
      </Link>
    </section>
  );
}
