// 'Asignacion de Turnos' (spec part 2 §2, §4, §5, §8, §9). A GET form holds the screen in the URL
// (?tipo_tramite=&fecha_turno=): procedure type, date with previous/next day (dia=anterior|siguiente, redirected to
// the neighbouring date; previous does nothing on today), the weekday, 'Ver Turnos' → the grid of the day. The open
// dialog is in the URL too: &hora_turno=&puesto= the assignment dialog of a slot (operation 20), &turno=<id> the
// status dialog of a turno. Everything works without JavaScript; with it the chips are re-evaluated every 60 s and
// the status dialog closes itself a second after a save. The module decides again on every save; the screen's
// adapter is app/modules/turnos/screen/ (loaders, actions), its components are in turnos/components (TurnosScreen).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { TurnosScreen } from "~/modules/turnos/components/TurnosScreen";
import type { TurnosActionResult } from "~/modules/turnos/components/types";
import { TURNOS_SCREEN } from "~/modules/turnos/rules";
import { turnosScreenAction } from "~/modules/turnos/screen/actions.server";
import { turnosScreen } from "~/modules/turnos/screen/loaders.server";
import styles from "~/styles/turnos.css";

export const handle = { title: "Asignacion de Turnos" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, TURNOS_SCREEN);
  return turnosScreen(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireScreen(request, TURNOS_SCREEN);
  return turnosScreenAction(request, user);
}

export default function AsignacionDeTurnos() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TurnosActionResult | undefined;
  return <TurnosScreen data={data} answer={answer} />;
}
