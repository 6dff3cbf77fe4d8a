// 'Registro MAE', the migration of a ficha to another school year (spec part 2 §2, from the MAE list): a new ficha for
// {anio} pre-filled with the teacher's DNI, name and title. Bad parts → 404; if that year already has the teacher's
// ficha, it opens instead. docs/decisions/032-mae-registry.md.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { RegMaeError, RegMaeScreen, TITLE } from "~/modules/mae/components/RegMaeScreen";
import { guardarNueva } from "~/modules/mae/screen/actions.server";
import { loadMigracion } from "~/modules/mae/screen/loaders.server";
import styles from "~/styles/mae.css";

export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/regmae");
  return loadMigracion(params, user, new URL(request.url).pathname);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.REGISTRAR_MAE, "/regmae");
  return guardarNueva(request, user);
}

export default RegMaeScreen;
export const ErrorBoundary = RegMaeError;
