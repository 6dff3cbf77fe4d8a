// The 'Consulta de Vademecum' filters as a GET form (works without JavaScript): the eight text filters, Buscar and
// Limpiar Filtros (the house's filter form: app/components/ui/FilterForm.tsx). With JavaScript the 3-character rule
// is checked before sending: `onInsufficient` opens the dialog, no request.
import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { errorOf, FilterActions, FilterFields, FilterMessage, type FilterFieldSpec } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import {
  FILTRO_LABELS,
  filtrosSuficientes,
  MAX_FILTRO,
  VADEMECUM_FILTROS,
  type VademecumFiltro,
} from "~/modules/vademecum/rules";

type VademecumFilterValues = Record<VademecumFiltro, string>;

const FIELDS: FilterFieldSpec[] = VADEMECUM_FILTROS.map((k) => ({
  kind: "text",
  name: k,
  label: FILTRO_LABELS[k],
  maxLength: MAX_FILTRO,
}));

type Props = {
  values: VademecumFilterValues;
  errors: FieldError[];
  busy: boolean;
  onInsufficient: () => void;
};

export function VademecumFilters({ values, errors, busy, onInsufficient }: Props) {
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
        <FilterFields fields={FIELDS} values={values} errors={errors} />
      </div>
      <FilterMessage msg={errorOf(errors, "page", "size", "search")} />
      <FilterActions busy={busy} clearHref="/consulta-vademecum" />
    </Form>
  );
}
