// 'Registro MAE', a new ficha (spec part 2 §2): the form, the fetch by DNI and school year (?buscar=1), and after a
// delete the read-only screen (?ok=eliminada). docs/decisions/032-mae-registry.md.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { RegMaeError, RegMaeScreen, TITLE } from "~/modules/mae/components/RegMaeScreen";
import { guardarNueva } from "~/modules/mae/screen/actions.server";
import { loadNueva } from "~/modules/mae/screen/loaders.server";
import styles from "~/styles/mae.css";

export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/regmae");
  return loadNueva(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.REGISTRAR_MAE, "/regmae");
  return guardarNueva(request, user);
}

export default RegMaeScreen;
export const ErrorBoundary = RegMaeError;
