// Collapsible navigation drawer (240 px). Groups are <details> (work without JavaScript); their open
// state is kept in localStorage.
import { Form, NavLink } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ALWAYS, type MenuGroup } from "./menu";

const GROUPS_KEY = "osep.drawer.groups";

function readOpenGroups(): Record<string, boolean> {
  try {
    return JSON.parse(window.localStorage.getItem(GROUPS_KEY) || "{}") as Record<string, boolean>;
  } catch {
    return {};
  }
}

export function Drawer({ groups, open }: { groups: MenuGroup[]; open: boolean }) {
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

  return (
    <nav id="drawer" className="drawer" aria-label="Menú principal" data-open={open} hidden={!open}>
      <div className="drawer-brand">OSEP</div>
      {groups.map((g) =>
        g.label === null ? (
          <ul key={g.id} className="drawer-list">
            {g.entries.map((e) => (
              <li key={e.path}><NavLink to={e.path} prefetch="intent">{e.label}</NavLink></li>
            ))}
          </ul>
        ) : (
          <details
            key={g.id}
            className="drawer-group"
            open={openGroups[g.id] ?? true}
            onToggle={(ev) => toggle(g.id, (ev.currentTarget as HTMLDetailsElement).open)}
            data-group={g.id}
          >
            <summary>{g.label}</summary>
            <ul className="drawer-list">
              {g.entries.map((e) => (
                <li key={e.path}><NavLink to={e.path} prefetch="intent">{e.label}</NavLink></li>
              ))}
            </ul>
          </details>
        ),
      )}
      <ul className="drawer-list drawer-always">
        {ALWAYS.map((e) => (
          <li key={e.path}><NavLink to={e.path}>{e.label}</NavLink></li>
        ))}
        <li>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="drawer-logout">Cerrar Sesión</button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
