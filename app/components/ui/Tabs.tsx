import type { MouseEvent, ReactNode } from "react";
import * as RadixTabs from "@radix-ui/react-tabs";

type TabItem = {
  value: string;
  label: ReactNode;
  content: ReactNode;
  /** Hidden items are not rendered at all (e.g. the user lacks the tab's operation code). */
  hidden?: boolean;
  disabled?: boolean;
  /**
   * The tab's own URL (e.g. '?tab=ranking'): the trigger is then a link, so a modified click opens it elsewhere
   * and the page's no-JavaScript version can use the same addresses; a plain click switches in place.
   */
  href?: string;
};

/** A plain activation (left click or Enter) is the tab switch; a click with a modifier is left to the browser. */
function keepInPage(e: MouseEvent<HTMLAnchorElement>) {
  if (e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey) e.preventDefault();
}

export type TabsProps = {
  items: TabItem[];
  /** Accessible name of the tab list. */
  label?: string;
  /** Uncontrolled initial tab; defaults to the first visible one. */
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
};

/** Tabs (Radix: arrow keys move between tabs, Tab enters the panel). */
export function Tabs({ items, label, defaultValue, value, onValueChange, className }: TabsProps) {
  const visible = items.filter((item) => !item.hidden);
  if (visible.length === 0) return null;
  const initial =
    defaultValue && visible.some((i) => i.value === defaultValue)
      ? defaultValue
      : (visible.find((i) => !i.disabled) ?? visible[0]).value;
  return (
    <RadixTabs.Root
      className={["ui-tabs", className].filter(Boolean).join(" ")}
      defaultValue={value === undefined ? initial : undefined}
      value={value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className="ui-tabs-list" aria-label={label}>
        {visible.map((item) =>
          item.href ? (
            <RadixTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} asChild>
              <a href={item.href} className="ui-tabs-trigger" onClick={keepInPage}>
                {item.label}
              </a>
            </RadixTabs.Trigger>
          ) : (
            <RadixTabs.Trigger key={item.value} value={item.value} disabled={item.disabled} className="ui-tabs-trigger">
              {item.label}
            </RadixTabs.Trigger>
          ),
        )}
      </RadixTabs.List>
      {visible.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="ui-tabs-panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
