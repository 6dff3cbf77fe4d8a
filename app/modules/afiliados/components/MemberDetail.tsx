// The member detail frame: a full-screen dialog titled with the member's name once JavaScript runs; without
// JavaScript (first paint, no-JS browsers) the same content as a page section with a 'Cerrar' link, so the
// detail URL can be bookmarked and opened anywhere. Tabs follow the URL (?tab=): links without JavaScript.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog, Tabs, useHydrated } from "~/components/ui";

export type DetailTab = { value: string; label: string; href: string };

export function MemberDetail({
  title,
  backHref,
  onClose,
  children,
}: {
  title: string;
  backHref: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (hydrated) {
    return (
      <Dialog open fullScreen title={title} onOpenChange={(open) => !open && onClose()} className="member-detail">
        {children}
      </Dialog>
    );
  }
  return (
    <section className="member-detail member-detail--page" aria-labelledby="member-detail-title">
      <header className="member-detail-header">
        <h2 id="member-detail-title">{title}</h2>
        <Link to={backHref} className="ui-button ui-button--secondary">
          Cerrar
        </Link>
      </header>
      <div className="member-detail-body">{children}</div>
    </section>
  );
}

/**
 * The detail tabs. Only the active tab's content comes from the server (the loader reads ?tab=); switching
 * tabs navigates. `pending` is the tab being loaded (its panel says so meanwhile).
 */
export function DetailTabs({
  tabs,
  active,
  pending,
  content,
  onChange,
}: {
  tabs: DetailTab[];
  active: string | null;
  pending: string | null;
  content: ReactNode;
  onChange: (tab: string) => void;
}) {
  const hydrated = useHydrated();
  if (tabs.length === 0 || !active) return null;
  if (!hydrated) {
    return (
      <div className="ui-tabs">
        <nav className="ui-tabs-list" aria-label="Secciones del afiliado">
          {tabs.map((t) => (
            <a
              key={t.value}
              href={t.href}
              className="ui-tabs-trigger member-tab-link"
              data-state={t.value === active ? "active" : "inactive"}
              aria-current={t.value === active ? "page" : undefined}
            >
              {t.label}
            </a>
          ))}
        </nav>
        <div className="ui-tabs-panel">{content}</div>
      </div>
    );
  }
  const shown = pending ?? active;
  return (
    <Tabs
      label="Secciones del afiliado"
      value={shown}
      onValueChange={onChange}
      items={tabs.map((t) => ({
        value: t.value,
        label: t.label,
        content: t.value === active && !pending ? content : <p className="member-tab-loading">Cargando...</p>,
      }))}
    />
  );
}
