// The app shell: drawer + top bar around every screen. Each child route runs its own guard; this layout only
// reads the (optional) user to build the menu, so the public 'Consulta de Coberturas' can live inside it.
import { json, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { getOptionalUser } from "~/auth/guards.server";
import { Drawer } from "~/components/shell/Drawer";
import { visibleMenu } from "~/components/shell/menu";
import { useScreenTitle } from "~/components/shell/title";
import { TopBar } from "~/components/shell/TopBar";
import { Busy } from "~/components/ui";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return json({
    user: user && { apeynom: user.apeynom, usuario: user.usuario },
    menu: user ? visibleMenu(user) : [],
  });
}

// Signed-in pages must not be kept by the browser: after 'Cerrar Sesión' the back button has to ask the server
// again (and be sent to '/') instead of showing the cached screen. Child routes without their own `headers`
// inherit this one.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const DRAWER_KEY = "osep.drawer.open";

export default function AppShell() {
  const { user, menu } = useLoaderData<typeof loader>();
  const title = useScreenTitle();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(true);
  useEffect(() => setDrawerOpen(window.localStorage.getItem(DRAWER_KEY) !== "0"), []);
  const toggle = () =>
    setDrawerOpen((o) => {
      window.localStorage.setItem(DRAWER_KEY, o ? "0" : "1");
      return !o;
    });
  const loading = navigation.state === "loading" && navigation.formMethod == null;

  return (
    <div className="shell" data-drawer={user && drawerOpen ? "open" : "closed"}>
      <a className="skip-link" href="#main">Saltar al contenido</a>
      {user ? <Drawer groups={menu} open={drawerOpen} /> : null}
      <div className="shell-main">
        <TopBar title={title} apeynom={user?.apeynom ?? null} drawerOpen={drawerOpen} onToggleDrawer={toggle} />
        <main id="main" className="shell-content" tabIndex={-1}>
          <Busy busy={loading} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
