// Placeholder until its issue lands: the guard, the title and 'En desarrollo...'.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/auth/guards.server";
import { InDevelopment } from "~/components/InDevelopment";

const TITLE = "Consulta de Turnos";
export const handle = { title: TITLE };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/listado-turnos");
  return null;
}

export default function Screen() {
  return <InDevelopment title={TITLE} />;
}
