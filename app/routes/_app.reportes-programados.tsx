// /reportes-programados ('Reportes Programados', under ESTADÍSTICAS; issue 29, docs/decisions/058): the schedules
// of the heavy reports and the files they wrote, newest first, with their downloads. Creating, running now and
// deleting need operation 40 'Programar reportes'; the screen adapter (app/modules/reportes-programados/
// screen.server.ts) does the work.
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireOperation, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { ReportesProgramadosScreen, TITLE } from "~/modules/reportes-programados/components/ReportesProgramadosScreen";
import type { ActionResult } from "~/modules/reportes-programados/components/types";
import { screenAction, screenData } from "~/modules/reportes-programados/screen.server";
import styles from "~/styles/reportes-programados.css";

export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/reportes-programados");
  return json(await screenData(request, user), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.PROGRAMAR_REPORTES, "/reportes-programados");
  return screenAction(request, user);
}

export default function ReportesProgramados() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  return <ReportesProgramadosScreen data={data} answer={answer} />;
}
