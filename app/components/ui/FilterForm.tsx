// The pieces of a list screen's GET filter form (works without JavaScript: the URL holds the filters): the filter
// fields rendered from a small list, the message of a value no field shows (page, size…), and the button row
// 'Buscar' / 'Limpiar Filtros'. Copy app/modules/tramites/components/TramitesFilters.tsx.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DateField } from "./DateField";
import { Field } from "./Field";

export type FilterError = { param: string; msg: string };

/** The message of the first of `params` that has an error. */
export function errorOf(errors: readonly FilterError[], ...params: string[]): string | undefined {
  for (const p of params) {
    const e = errors.find((x) => x.param === p);
    if (e) return e.msg;
  }
  return undefined;
}

type FieldBase = { name: string; label: string };
type FilterOption = string | { value: string; label: string };

/** One filter: a text box, a date, or a select (optionally with an 'every value' option first, e.g. TODOS). */
export type FilterFieldSpec =
  | (FieldBase & { kind: "text"; maxLength: number; inputMode?: "numeric"; short?: boolean })
  | (FieldBase & { kind: "date" })
  | (FieldBase & { kind: "select"; options: readonly FilterOption[]; all?: string });

export type FilterFieldsProps = {
  fields: readonly FilterFieldSpec[];
  /** The values as typed (the URL's), by field name. */
  values: Readonly<Record<string, string>>;
  errors?: readonly FilterError[];
};

const optionOf = (o: FilterOption) => (typeof o === "string" ? { value: o, label: o } : o);

/** The filter fields, each labelled, with its error under it. Text boxes do not autocomplete. */
export function FilterFields({ fields, values, errors = [] }: FilterFieldsProps) {
  return (
    <>
      {fields.map((f) => {
        const error = errorOf(errors, f.name);
        const value = values[f.name] ?? "";
        if (f.kind === "date") {
          return <DateField key={f.name} label={f.label} name={f.name} defaultValue={value} error={error} />;
        }
        return (
          <Field key={f.name} label={f.label} name={f.name} error={error}>
            {f.kind === "select" ? (
              <select className="ui-input" defaultValue={value || f.all}>
                {f.all ? <option value={f.all}>{f.all}</option> : null}
                {f.options.map(optionOf).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className={f.short ? "ui-input ui-filter-short" : "ui-input"}
                inputMode={f.inputMode}
                maxLength={f.maxLength}
                defaultValue={value}
                autoComplete="off"
              />
            )}
          </Field>
        );
      })}
    </>
  );
}

/** A message no field shows (e.g. a bad page or size in the URL), as an alert; nothing without one. */
export function FilterMessage({ msg }: { msg: string | null | undefined }) {
  return msg ? (
    <p className="ui-field-error" role="alert">
      {msg}
    </p>
  ) : null;
}

export type FilterActionsProps = {
  /** Disables 'Buscar' while the search loads. */
  busy?: boolean;
  /** The screen without filters: shows 'Limpiar Filtros' (a link: works without JavaScript). */
  clearHref?: string;
  /** More buttons after these two. */
  children?: ReactNode;
  className?: string;
};

/** 'Buscar' (submits the form) and, with clearHref, 'Limpiar Filtros'. */
export function FilterActions({ busy, clearHref, children, className }: FilterActionsProps) {
  return (
    <div className={["ui-filter-actions", className].filter(Boolean).join(" ")}>
      <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
        Buscar
      </button>
      {clearHref ? (
        <Link className="ui-button ui-button--secondary" to={clearHref}>
          Limpiar Filtros
        </Link>
      ) : null}
      {children}
    </div>
  );
}
