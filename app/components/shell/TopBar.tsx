// The top bar: the ☰ buttons, the screen title and the signed-in user's name. There are two ☰ buttons, one per
// layout (CSS shows one): on wide screens it collapses the drawer (remembered in a cookie), on narrow screens it
// opens the overlay. Both sit in a form posting to /menu, so they work without JavaScript (docs/decisions/018);
// with JavaScript they toggle in place.
import type { MouseEvent, Ref } from "react";

export type MenuToggleProps = {
  /** Wide screens: drawer beside the content, open or collapsed. */
  wideOpen: boolean;
  onToggleWide: () => void;
  /** Narrow screens: the overlay. */
  narrowOpen: boolean;
  onToggleNarrow: () => void;
  /** Where /menu sends the browser back to (this page). */
  backPath: string;
  narrowButtonRef?: Ref<HTMLButtonElement>;
};

const label = (open: boolean) => (open ? "Ocultar menú" : "Mostrar menú");

export function TopBar({ title, apeynom, menu }: { title: string; apeynom: string | null; menu: MenuToggleProps | null }) {
  const handle = (toggle: () => void) => (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    toggle();
  };
  return (
    <header className="topbar">
      {menu ? (
        <form method="post" action="/menu" className="topbar-menu-form">
          <input type="hidden" name="back" value={menu.backPath} />
          <button
            type="submit"
            name="drawer"
            value={menu.wideOpen ? "closed" : "open"}
            className="topbar-menu topbar-menu--wide"
            aria-controls="drawer"
            aria-expanded={menu.wideOpen}
            onClick={handle(menu.onToggleWide)}
            title={label(menu.wideOpen)}
          >
            <span aria-hidden="true">☰</span>
            <span className="sr-only">{label(menu.wideOpen)}</span>
          </button>
          <button
            ref={menu.narrowButtonRef}
            type="submit"
            name="menu"
            value={menu.narrowOpen ? "cerrar" : "abrir"}
            className="topbar-menu topbar-menu--narrow"
            aria-controls="drawer"
            aria-expanded={menu.narrowOpen}
            onClick={handle(menu.onToggleNarrow)}
            title={label(menu.narrowOpen)}
          >
            <span aria-hidden="true">☰</span>
            <span className="sr-only">{label(menu.narrowOpen)}</span>
          </button>
        </form>
      ) : null}
      <h1 className="topbar-title">{title}</h1>
      {apeynom ? <span className="topbar-user" data-testid="apeynom" title={apeynom}>{apeynom}</span> : null}
    </header>
  );
}
