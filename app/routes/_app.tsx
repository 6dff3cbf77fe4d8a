// The app shell: drawer + top bar around every screen. Each child route runs its own guard; this layout only
// reads the (optional) user to build the menu, so the public 'Consulta de Coberturas' can live inside it.
// The drawer (docs/decisions/018): on wide screens beside the content, open or collapsed as the cookie says (so
// the server paints the right state); on narrow screens an overlay, closed on every page, opened by the ☰ or by
// ?menu=abierto (the no-JavaScript path through POST /menu). Its state is components/shell/useDrawer.ts.
import { json, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { getOptionalUser } from "~/auth/guards.server";
import { Drawer } from "~/components/shell/Drawer";
import { drawerStateFromCookie, withMenu } from "~/components/shell/drawer-state";
import { visibleMenu } from "~/components/shell/menu";
import { useScreenTitle } from "~/components/shell/title";
import { TopBar } from "~/components/shell/TopBar";
import { useDrawer } from "~/components/shell/useDrawer";
import { Busy } from "~/components/ui";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";

/** A grid's sort or filter written to the URL runs no loader again (ADR 071). */
export const shouldRevalidate = keepLoaderOnGridChange;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return json({
    user: user && { apeynom: user.apeynom, usuario: user.usuario },
    menu: user ? visibleMenu(user) : [],
    drawer: drawerStateFromCookie(request.headers.get("Cookie")),
  });
}

// Signed-in pages must not be kept by the browser: after 'Cerrar Sesión' the back button has to ask the server
// again (and be sent to '/') instead of showing the cached screen. Child routes without their own `headers`
// inherit this one.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function AppShell() {
  const { user, menu, drawer } = useLoaderData<typeof loader>();
  const title = useScreenTitle();
  const navigation = useNavigation();
  const location = useLocation();
  const { wideOpen, narrowOpen, toggleWide, closeNarrow, toggleNarrow, narrowButton, nav } = useDrawer(drawer);

  const loading = navigation.state === "loading" && navigation.formMethod == null;
  const closedHref = withMenu(location.pathname, location.search, false);

  return (
    <div
      className="shell"
      data-drawer={user && wideOpen ? "open" : "closed"}
      data-menu={user && narrowOpen ? "open" : "closed"}
    >
      <a className="skip-link" href="#main">
        Saltar al contenido
      </a>
      {user ? <Drawer ref={nav} groups={menu} onEntryChosen={() => closeNarrow(false)} /> : null}
      {user ? (
        // The backdrop of the overlay: a tap closes it (without JavaScript it is a link to this page without
        // ?menu). Not a tab stop and hidden from assistive technology: the ☰ and Escape close it from the
        // keyboard. Still named after what it does, like the ☰ it duplicates.
        <a
          className="drawer-backdrop"
          href={closedHref}
          tabIndex={-1}
          aria-hidden="true"
          aria-label="Ocultar menú"
          onClick={(e) => {
            e.preventDefault();
            closeNarrow(false);
          }}
        />
      ) : null}
      <div className="shell-main">
        <TopBar
          title={title}
          apeynom={user?.apeynom ?? null}
          menu={
            user
              ? {
                  wideOpen,
                  onToggleWide: toggleWide,
                  narrowOpen,
                  onToggleNarrow: toggleNarrow,
                  backPath: closedHref,
                  narrowButtonRef: narrowButton,
                }
              : null
          }
        />
        <main id="main" className="shell-content" tabIndex={-1}>
          <Busy busy={loading} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
