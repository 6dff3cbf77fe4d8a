import { Form } from "@remix-run/react";
import { useId } from "react";
import { useHydrated } from "./useHydrated";
import { PAGE_SIZES, type PageSize } from "~/lib/table-state";

export type PageSizeSelectProps = {
  size: PageSize;
  /** The current query string (useLocation().search): its other parameters are kept, the page goes back to 0. */
  search: string;
  label?: string;
  className?: string;
};

/**
 * 'Filas por página' 5/10/25: a GET form (select + 'Aplicar') that works without JavaScript; once JavaScript
 * runs, choosing a size submits the form by itself and the button goes away.
 */
export function PageSizeSelect({ size, search, label = "Filas por página", className }: PageSizeSelectProps) {
  const id = useId();
  const hydrated = useHydrated();
  const kept = [...new URLSearchParams(search)].filter(([key]) => key !== "size" && key !== "page");
  return (
    <Form method="get" className={["ui-page-size", className].filter(Boolean).join(" ")} preventScrollReset>
      {kept.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name="size"
        className="ui-input"
        defaultValue={String(size)}
        key={size}
        onChange={hydrated ? (e) => e.currentTarget.form?.requestSubmit() : undefined}
      >
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="ui-button ui-button--secondary">
          Aplicar
        </button>
      )}
    </Form>
  );
}
