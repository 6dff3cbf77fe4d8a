// /regcapa/{id} ('Centro de Atencion Ambulatoria de Pacientes Covid', spec part 2 §2): a CAPA record to modify
// (operation 11, OP.MODIFICAR_CAPA; without it the record is shown disabled). The DNI and its search are locked.
// A non-numeric id is 400, an unknown one 404 (the error boundary below).
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { requireOperation, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { parseInput } from "~/lib/input";
import { capaIdSchema } from "~/modules/capa/capa.schema";
import { CapaScreen } from "~/modules/capa/components/CapaScreen";
import type { CapaActionResult } from "~/modules/capa/components/types";
import { CAPA_MSG } from "~/modules/capa/rules";
import { capaScreenAction, capaScreenData } from "~/modules/capa/screen/regcapa.server";
import styles from "~/styles/capa.css";
import { apiError } from "~/lib/http.server";

export const handle = { title: "Centro de Atencion Ambulatoria de Pacientes Covid" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The record's id of the URL; anything but a positive integer id → 400. */
function idOf(raw: string | undefined): number {
  const parsed = parseInput(capaIdSchema, raw ?? "");
  if (!parsed.ok) throw apiError(400, parsed.msg);
  return parsed.data;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/regcapa");
  return json(await capaScreenData(request, user, idOf(params.id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.MODIFICAR_CAPA, "/regcapa");
  return capaScreenAction(request, user, idOf(params.id));
}

export default function ModificarRegistroCapa() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CapaActionResult | undefined;
  return <CapaScreen data={data} answer={answer} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Ficha no encontrada" : status === 400 ? CAPA_MSG.ID_INVALID : CAPA_MSG.GET_ERROR;
  const text =
    status === 404
      ? CAPA_MSG.NOT_FOUND
      : status === 400
        ? "La dirección no corresponde a una ficha CAPA."
        : "No se pudo abrir la ficha. Intente nuevamente.";
  return (
    <section className="screen" role="alert" aria-labelledby="capa-error-title">
      <h2 id="capa-error-title" className="screen-title">
        {title}
      </h2>
      <p>{text}</p>
      <p className="capa-links">
        <Link to="/listado-capa" className="ui-button ui-button--secondary">
          Ir al listado
        </Link>
        <Link to="/regcapa" className="ui-button ui-button--secondary">
          Nuevo registro
        </Link>
      </p>
    </section>
  );
}
