// 'Registro MAE', a saved ficha (spec part 2 §2, §4, §5): Modificar / Eliminar MAE, its students (Validar, Guardar /
// Modificar, delete, inactivate), the confirmation steps addressed by the URL, and the read-only screen after a save
// (?ok=). A bad or unknown id → 404. docs/decisions/032-mae-registry.md.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/auth/guards.server";
import { RegMaeError, RegMaeScreen, TITLE } from "~/modules/mae/components/RegMaeScreen";
import { accionFicha } from "~/modules/mae/screen/actions.server";
import { loadFichaMae } from "~/modules/mae/screen/loaders.server";
import styles from "~/styles/mae.css";

export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/regmae");
  return loadFichaMae(request, params, user);
}

/** Each intent checks its operation: Eliminar MAE needs ELIMINAR_MAE, every other write REGISTRAR_MAE. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireScreen(request, "/regmae");
  return accionFicha(request, params, user);
}

export default RegMaeScreen;
export const ErrorBoundary = RegMaeError;
