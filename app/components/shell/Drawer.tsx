// Collapsible navigation drawer (240 px). Groups are <details> (work without JavaScript); their open
// state is kept in localStorage. Whether the drawer shows is the shell's data-drawer / data-menu (app.css):
// beside the content on wide screens, an overlay on narrow ones (docs/decisions/018).
import { Form, NavLink } from "@remix-run/react";
import { forwardRef, useEffect, useState } from "react";
import { ALWAYS, type MenuEntry, type MenuGroup } from "./menu";

const GROUPS_KEY = "osep.drawer.groups";

function readOpenGroups(): Record<string, boolean> {
  try {
    return JSON.parse(window.localStorage.getItem(GROUPS_KEY) || "{}") as Record<string, boolean>;
  } catch {
    return {};
  }
}

export const Drawer = forwardRef<HTMLElement, { groups: MenuGroup[]; onEntryChosen?: () => void }>(function Drawer(
  { groups, onEntryChosen },
  ref,
) {
  const [openGroups, setOpenGroups] = useState<Record<string, boolean>>({});
  useEffect(() => setOpenGroups(readOpenGroups()), []);

  function toggle(id: string, isOpen: boolean) {
    setOpenGroups((prev) => {
      if (prev[id] === isOpen) return prev;
      const next = { ...prev, [id]: isOpen };
      window.localStorage.setItem(GROUPS_KEY, JSON.stringify(next));
      return next;
    });
  }

  // Choosing an entry (mouse, tap or Enter: a link's click) closes the overlay; the link does the navigating.
  const entry = (e: MenuEntry, prefetch?: "intent") => (
    <li key={e.path}>
      <NavLink to={e.path} prefetch={prefetch} onClick={onEntryChosen}>
        {e.label}
      </NavLink>
    </li>
  );

  return (
    <nav id="drawer" ref={ref} className="drawer" aria-label="Menú principal">
      <div className="drawer-brand">OSEP</div>
      {groups.map((g) =>
        g.label === null ? (
          <ul key={g.id} className="drawer-list">
            {g.entries.map((e) => entry(e, "intent"))}
          </ul>
        ) : (
          <details
            key={g.id}
            className="drawer-group"
            open={openGroups[g.id] ?? true}
            onToggle={(ev) => toggle(g.id, (ev.currentTarget as HTMLDetailsElement).open)}
            data-group={g.id}
          >
            <summary>
              <span className="drawer-caret" aria-hidden="true" />
              {g.label}
            </summary>
            <ul className="drawer-list">{g.entries.map((e) => entry(e, "intent"))}</ul>
          </details>
        ),
      )}
      <ul className="drawer-list drawer-always">
        {ALWAYS.map((e) => entry(e))}
        <li>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="drawer-logout">
              Cerrar Sesión
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
});
