// The top bar: the ☰ buttons, the screen title and the signed-in user's name. There are two ☰ buttons, one per
// layout (CSS shows one): on wide screens it collapses the drawer (remembered in a cookie), on narrow screens it
// opens the overlay. Both sit in a form posting to /menu, so they work without JavaScript (docs/decisions/018);
// with JavaScript they toggle in place. On phones the title keeps the bar (it wraps, never cut) and the name gives way
// to its initials; the full name stays the text a screen reader reads and the tooltip (issue 28, ADR 056).
import type { MouseEvent, Ref } from "react";
import { initialsOf } from "./initials";

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

/** One ☰: a submit button of the /menu form (`name=value` says what to do), a toggle in place with JavaScript. */
function MenuButton({
  name,
  value,
  open,
  layout,
  onToggle,
  buttonRef,
}: {
  name: "drawer" | "menu";
  value: string;
  open: boolean;
  layout: "wide" | "narrow";
  onToggle: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="submit"
      name={name}
      value={value}
      className={`topbar-menu topbar-menu--${layout}`}
      aria-controls="drawer"
      aria-expanded={open}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        e.preventDefault();
        onToggle();
      }}
      title={label(open)}
    >
      <span aria-hidden="true">☰</span>
      <span className="sr-only">{label(open)}</span>
    </button>
  );
}

export function TopBar({
  title,
  apeynom,
  menu,
}: {
  title: string;
  apeynom: string | null;
  menu: MenuToggleProps | null;
}) {
  return (
    <header className="topbar">
      {menu ? (
        <form method="post" action="/menu" className="topbar-menu-form">
          <input type="hidden" name="back" value={menu.backPath} />
          <MenuButton
            name="drawer"
            value={menu.wideOpen ? "closed" : "open"}
            open={menu.wideOpen}
            layout="wide"
            onToggle={menu.onToggleWide}
          />
          <MenuButton
            name="menu"
            value={menu.narrowOpen ? "cerrar" : "abrir"}
            open={menu.narrowOpen}
            layout="narrow"
            onToggle={menu.onToggleNarrow}
            buttonRef={menu.narrowButtonRef}
          />
        </form>
      ) : null}
      <h1 className="topbar-title">{title}</h1>
      {apeynom ? (
        <span className="topbar-user" data-testid="apeynom" title={apeynom}>
          <span className="topbar-user-full">{apeynom}</span>
          <span className="topbar-user-initials" aria-hidden="true">
            {initialsOf(apeynom)}
          </span>
        </span>
      ) : null}
    </header>
  );
}
