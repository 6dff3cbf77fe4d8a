// /regcapa ('Centro de Atencion Ambulatoria de Pacientes Covid', spec part 2 §2, §5, §8): a new CAPA record. The
// form (app/modules/capa/components) and its action (app/modules/capa/screen/regcapa.server.ts) are shared with
// /regcapa/{id}; saving needs operation 10 (OP.REGISTRAR_CAPA) and restarts the form empty with 'Operacion Exitosa'.
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireOperation, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { CapaScreen } from "~/modules/capa/components/CapaScreen";
import type { CapaActionResult } from "~/modules/capa/components/types";
import { capaScreenAction, capaScreenData } from "~/modules/capa/screen/regcapa.server";
import styles from "~/styles/capa.css";

export const handle = { title: "Centro de Atencion Ambulatoria de Pacientes Covid" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/regcapa");
  return json(await capaScreenData(request, user, null));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.REGISTRAR_CAPA, "/regcapa");
  return capaScreenAction(request, user, null);
}

export default function NuevoRegistroCapa() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CapaActionResult | undefined;
  return <CapaScreen data={data} answer={answer} />;
}
