// The two tabs of 'Consulta de Consumos de Prestadores'. The selected tab lives in the URL (?tab=) and every tab
// is a link to its ?tab= URL, with or without JavaScript (issue 10). Without JavaScript the tab list is a row of
// links and only the selected panel is shown; with JavaScript the same links become Radix tabs (arrow keys move
// between tabs) and a plain click only rewrites ?tab= (no reload: shouldRevalidate); a click with a modifier
// (new tab or window) still follows the link.
import type { ReactNode } from "react";
import { Tabs, useHydrated } from "~/components/ui";

export type ConsumosTabItem = { value: string; label: string; href: string; content: ReactNode };

const LABEL = "Consultas de consumos";

export function ConsumosTabs({
  items,
  active,
  onChange,
}: {
  items: ConsumosTabItem[];
  active: string;
  onChange: (value: string) => void;
}) {
  const hydrated = useHydrated();
  const current = items.find((i) => i.value === active) ?? items[0];
  if (!hydrated) {
    return (
      <div className="ui-tabs consumos-tabs">
        <nav className="ui-tabs-list" aria-label={LABEL}>
          {items.map((t) => (
            <a
              key={t.value}
              href={t.href}
              className="ui-tabs-trigger"
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
  return <Tabs className="consumos-tabs" label={LABEL} value={current.value} onValueChange={onChange} items={items} />;
}
