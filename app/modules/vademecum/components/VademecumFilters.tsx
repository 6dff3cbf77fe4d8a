// The 'Consulta de Vademecum' filters as a GET form (works without JavaScript): the eight text filters and Buscar.
// With JavaScript the 3-character rule is checked before sending: `onInsufficient` opens the dialog, no request.
import { Form, Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { Field } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import {
  FILTRO_LABELS,
  filtrosSuficientes,
  MAX_FILTRO,
  VADEMECUM_FILTROS,
  type VademecumFiltro,
} from "~/modules/vademecum/rules";

export type VademecumFilterValues = Record<VademecumFiltro, string>;

type Props = {
  values: VademecumFilterValues;
  errors: FieldError[];
  busy: boolean;
  onInsufficient: () => void;
};

export function VademecumFilters({ values, errors, busy, onInsufficient }: Props) {
  const err = (param: string) => errors.find((e) => e.param === param)?.msg;
  const other = err("page") ?? err("size") ?? err("search");
  const check = (e: FormEvent<HTMLFormElement>) => {
    const data = new FormData(e.currentTarget);
    const filters = Object.fromEntries(VADEMECUM_FILTROS.map((k) => [k, String(data.get(k) ?? "")]));
    if (!filtrosSuficientes(filters)) {
      e.preventDefault();
      onInsufficient();
    }
  };
  return (
    <Form method="get" className="catalogo-filters" aria-label="Filtros del vademecum" onSubmit={check} noValidate>
      <input type="hidden" name="search" value="true" />
      <div className="filters">
        {VADEMECUM_FILTROS.map((k) => (
          <Field key={k} label={FILTRO_LABELS[k]} name={k} error={err(k)}>
            <input className="ui-input" maxLength={MAX_FILTRO} defaultValue={values[k]} autoComplete="off" />
          </Field>
        ))}
      </div>
      {other ? (
        <p className="ui-field-error" role="alert">
          {other}
        </p>
      ) : null}
      <div className="catalogo-actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
          Buscar
        </button>
        <Link className="ui-button ui-button--secondary" to="/consulta-vademecum">
          Limpiar Filtros
        </Link>
      </div>
    </Form>
  );
}
