// Nueva Ficha ('Registros de Oncología', spec part 1 §2–§8): one conform form (FichaSchema in the browser and
// here) in every mode of the URL (?op=update|change_of_drogs|reingreso&id=N; ?id=N = read-only view). Intents:
// 'buscar-afiliado' fills the member data (a failed lookup empties them); conform's list intents add/remove drug rows
// (without JavaScript too). A save whose DNI is not the one the member data were filled for is refused on the DNI
// (fichaFormSchema); the module takes the member's identity from the registry anyway (issue 26). The screen's adapter
// is app/modules/oncologia/screen/nueva-ficha.server.ts (loader data and action); the write is fichas-save.server.ts's.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useRef } from "react";
import { requireScreen } from "~/auth/guards.server";
import { Alert, Busy, checkFormWith } from "~/components/ui";
import { BUSCAR_AFILIADO, fichaFormSchema } from "~/modules/oncologia/components/ficha/form-schema";
import { FichaForm, GUARDAR } from "~/modules/oncologia/components/ficha/FichaForm";
import { ErrorPopup, SuccessPopup } from "~/modules/oncologia/components/ficha/FichaMessages";
import type { FichaFormValue, NuevaFichaActionResult } from "~/modules/oncologia/components/ficha/types";
import { FICHA_MSG } from "~/modules/oncologia/fichas.messages";
import { FichaDniSchema, FichaSchema } from "~/modules/oncologia/fichas.schema";
import { headingForMode, isReadOnly } from "~/modules/oncologia/rules";
import { nuevaFichaAction, nuevaFichaScreen } from "~/modules/oncologia/screen/nueva-ficha.server";
import styles from "~/styles/oncologia-ficha.css";

export const handle = { title: "Registros de Oncología" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const SCREEN = "/nueva-ficha";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
  return nuevaFichaScreen(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
  return nuevaFichaAction(request, user);
}

export default function NuevaFicha() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as NuevaFichaActionResult | undefined;
  const navigation = useNavigation();
  // The last member lookup of this mode/ficha restarts the form with its values (every other value kept).
  const lookup = useRef<Extract<NuevaFichaActionResult, { kind: "buscar" }> | null>(null);
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
