// The row actions of every list (issue 28, docs/decisions/056-one-look-for-lists.md): one fixed map from an action to
// its icon and its name, so a pencil is 'Modificar' and a key 'Resetear contraseña' on every list. The name is the
// tooltip (title) and begins the accessible name, which goes on with the row's subject ('Modificar usuario admin').
// A link: it works without JavaScript; `onClick` may take it over (a dialog opened in place).
import { Link } from "@remix-run/react";
import type { MouseEventHandler, ReactNode } from "react";

const stroke = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** action → [name, the icon's drawing (24 × 24)]. */
const ACTIONS = {
  ver: [
    "Ver",
    <>
      <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>,
  ],
  modificar: [
    "Modificar",
    <>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="M13.5 6.5l4 4" />
    </>,
  ],
  eliminar: [
    "Eliminar",
    <>
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
    </>,
  ],
  quitar: [
    "Quitar",
    <>
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
    </>,
  ],
  resetear: [
    "Resetear contraseña",
    <>
      <circle cx="7" cy="12" r="4" />
      <path d="M11 12h10M17 12v4M20 12v3" />
    </>,
  ],
  operaciones: [
    "Operaciones",
    <>
      <path d="M10 6h10M10 12h10M10 18h10M3 6l1.5 1.5L7 5M3 12l1.5 1.5L7 11M3 18l1.5 1.5L7 17" />
    </>,
  ],
  pantallas: [
    "Pantallas",
    <>
      <rect x="3" y="4" width="18" height="12" rx="1" />
      <path d="M8 20h8M12 16v4" />
    </>,
  ],
  convenio: [
    "Ver convenio",
    <>
      <path d="M6 3h9l4 4v14H6z" />
      <path d="M14 3v5h5M9 13h7M9 17h7" />
    </>,
  ],
  cambioMedicamento: [
    "Cambio de Medicamento",
    <>
      <path d="M4 8h15l-4-4M20 16H5l4 4" />
    </>,
  ],
  reingreso: [
    "Reingreso",
    <>
      <path d="M4 4v6h6" />
      <path d="M5.5 15a8 8 0 1 0 1.9-8.3L4 10" />
    </>,
  ],
  migrar: [
    "Migrar",
    <>
      <path d="M4 12h15M13 6l6 6-6 6" />
    </>,
  ],
} satisfies Record<string, [string, ReactNode]>;

type RowAction = keyof typeof ACTIONS;

type Props = {
  action: RowAction;
  /** Which row: the accessible name is '<name> <subject>' ('usuario admin', 'de la ficha 12'). */
  subject: string;
  href: string;
  /** A plain <a> (a full page load) instead of Remix's client <Link>. */
  plain?: boolean;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  preventScrollReset?: boolean;
  /** 'danger' for a destructive action (Eliminar). */
  tone?: "danger";
};

/** One row action: the map's icon, its name as the tooltip, '<name> <subject>' as the accessible name. */
export function ActionIcon({ action, subject, href, plain, onClick, preventScrollReset, tone }: Props) {
  const [name, drawing] = ACTIONS[action];
  const common = {
    className: ["ui-action-icon", tone && `ui-action-icon--${tone}`].filter(Boolean).join(" "),
    "data-action": action,
    "aria-label": `${name} ${subject}`,
    title: name,
    onClick,
  };
  const icon = (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" {...stroke}>
      {drawing}
    </svg>
  );
  return plain ? (
    <a href={href} {...common}>
      {icon}
    </a>
  ) : (
    <Link to={href} preventScrollReset={preventScrollReset} {...common}>
      {icon}
    </Link>
  );
}

/** The actions cell of a row: the icons side by side. */
export function ActionIcons({ children }: { children: ReactNode }) {
  return <span className="ui-action-icons">{children}</span>;
}
