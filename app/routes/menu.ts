// POST /menu: the ☰ without JavaScript (docs/decisions/018). `drawer=open|closed` (wide screens) stores the
// collapsed state in the cookie and goes back; `menu=abrir|cerrar` (narrow screens) goes back with or without
// ?menu=abierto, which renders the overlay open. With JavaScript the ☰ toggles in place and never posts here.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { drawerCookie, safeBackPath, withMenu } from "~/components/shell/drawer-state";
import { secureCookies } from "~/lib/config.server";
import { apiError, methodNotAllowed } from "~/lib/http.server";
import { MSG_DATOS_INVALIDOS } from "~/lib/input";

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  if (request.method !== "POST") throw methodNotAllowed();
  if (request.headers.get("sec-fetch-site") === "cross-site") throw apiError(403, "Origen no permitido");
  const form = await request.formData();
  const back = new URL(safeBackPath(form.get("back")), "http://osep.invalid");
  const drawer = form.get("drawer");
  const menu = form.get("menu");
  if (drawer === "open" || drawer === "closed") {
    const secure = secureCookies();
    return redirect(withMenu(back.pathname, back.search, false), {
      status: 303,
      headers: { "Set-Cookie": drawerCookie(drawer, { secure }) },
    });
  }
  if (menu === "abrir" || menu === "cerrar") {
    return redirect(withMenu(back.pathname, back.search, menu === "abrir"), { status: 303 });
  }
  throw apiError(400, MSG_DATOS_INVALIDOS);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw methodNotAllowed();
}
