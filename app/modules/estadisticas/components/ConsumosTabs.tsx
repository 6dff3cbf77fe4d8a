// The two tabs of 'Consulta de Consumos de Prestadores'. The selected tab lives in the URL (?tab=): without
// JavaScript the tab list is a row of links and only the selected panel is shown; with JavaScript it is the
// shared Tabs (arrow keys move between tabs) and a switch only rewrites ?tab= (no reload: shouldRevalidate).
import type { ReactNode } from "react";
import { Tabs, useHydrated } from "~/components/ui";

export type ConsumosTabItem = { value: string; label: string; href: string; content: ReactNode };

const LABEL = "Consultas de consumos";

export function ConsumosTabs({ items, active, onChange }: { items: ConsumosTabItem[]; active: string; onChange: (value: string) => void }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    const current = items.find((i) => i.value === active) ?? items[0];
    return (
      <div className="ui-tabs consumos-tabs">
        <nav className="ui-tabs-list" aria-label={LABEL}>
          {items.map((t) => (
            <a
              key={t.value}
              href={t.href}
              className="ui-tabs-trigger consumos-tab-link"
              data-state={t.value === current.value ? "active" : "inactive"}
              aria-current={t.value === current.value ? "page" : undefined}
            >
              {t.label}
            </a>
          ))}
        </nav>
        <div className="ui-tabs-panel">{current.content}</div>
      </div>
    );
  }
  return <Tabs className="consumos-tabs" label={LABEL} value={active} onValueChange={onChange} items={items} />;
}
