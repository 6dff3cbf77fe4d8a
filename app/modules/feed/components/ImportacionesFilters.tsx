// The 'Importaciones' filters as a GET form (works without JavaScript): the status and the feed's table, with Buscar
// and Limpiar Filtros (the house's filter form, app/components/ui/FilterForm.tsx).
import { Form } from "@remix-run/react";
import { errorOf, FilterActions, FilterFields, FilterMessage, type FilterFieldSpec } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import { ESTADO_TEXT, ESTADOS, SCREEN_PATH, TODAS, TODOS } from "~/modules/feed/importaciones.schema";
import type { ImportacionesFilterValues } from "./types";

type Props = { values: ImportacionesFilterValues; errors: FieldError[]; tablas: string[]; busy: boolean };

export function ImportacionesFilters({ values, errors, tablas, busy }: Props) {
  const fields: FilterFieldSpec[] = [
    {
      kind: "select",
      name: "estado",
      label: "Estado",
      options: ESTADOS.map((e) => ({ value: e, label: ESTADO_TEXT[e] })),
      all: TODOS,
    },
    { kind: "select", name: "tabla", label: "Tabla", options: tablas, all: TODAS },
  ];
  return (
    <Form method="get" className="catalogo-filters" aria-label="Filtros de importaciones" noValidate>
      <div className="filters">
        <FilterFields fields={fields} values={values} errors={errors} />
      </div>
      <FilterMessage msg={errorOf(errors, "page", "size")} />
      <FilterActions busy={busy} clearHref={SCREEN_PATH} />
    </Form>
  );
}
