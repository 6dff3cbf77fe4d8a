// The 'Consulta de Expedientes' filters as a GET form (works without JavaScript): type, number, year, letter, DNI,
// start-date range, initiator and extract, with Buscar and Limpiar Filtros. The house's filter form: a field list
// rendered by FilterFields and the FilterActions row (app/components/ui/FilterForm.tsx).
import { Form } from "@remix-run/react";
import { errorOf, FilterActions, FilterFields, FilterMessage, type FilterFieldSpec } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import { MAX_LETRA, MAX_TEXTO, TIPOS_DOCUMENTO, TODOS } from "~/modules/tramites/rules";

type TramitesFilterValues = Record<
  "tipo_documento" | "nrotramite" | "anio" | "letra" | "dni" | "fecha_desde" | "fecha_hasta" | "iniciador" | "extracto",
  string
>;

const FIELDS: FilterFieldSpec[] = [
  { kind: "select", name: "tipo_documento", label: "Tipo de Documento", options: TIPOS_DOCUMENTO, all: TODOS },
  { kind: "text", name: "nrotramite", label: "Número", maxLength: 9, inputMode: "numeric", short: true },
  { kind: "text", name: "anio", label: "Año", maxLength: 4, inputMode: "numeric", short: true },
  { kind: "text", name: "letra", label: "Letra", maxLength: MAX_LETRA, short: true },
  { kind: "text", name: "dni", label: "DNI", maxLength: 8, inputMode: "numeric" },
  { kind: "date", name: "fecha_desde", label: "Fecha Desde" },
  { kind: "date", name: "fecha_hasta", label: "Fecha Hasta" },
  { kind: "text", name: "iniciador", label: "Iniciador", maxLength: MAX_TEXTO },
  { kind: "text", name: "extracto", label: "Extracto", maxLength: MAX_TEXTO },
];

type Props = { values: TramitesFilterValues; errors: FieldError[]; busy: boolean };

export function TramitesFilters({ values, errors, busy }: Props) {
  return (
    <Form method="get" className="catalogo-filters" aria-label="Filtros de expedientes" noValidate>
      <div className="filters">
        <FilterFields fields={FIELDS} values={values} errors={errors} />
      </div>
      <FilterMessage msg={errorOf(errors, "page", "size")} />
      <FilterActions busy={busy} clearHref="/tramites" />
    </Form>
  );
}
