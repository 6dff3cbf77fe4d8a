// The 'Buscar Afiliados Enrolados' filters as a GET form (works without JavaScript: the URL holds the filters):
// DNI, surname, name, the coverage select, the four checkboxes (Vencidos and Activos exclude each other once
// JavaScript runs; without it the server refuses both with a message), Buscar, Limpiar Filtros and, with
// operation 4, the PDF and Excel downloads of the search shown.
import { Form } from "@remix-run/react";
import { useState } from "react";
import {
  Checkbox,
  errorOf,
  Field,
  FilterActions,
  FilterFields,
  FilterMessage,
  type FilterFieldSpec,
} from "~/components/ui";
import type { FieldError } from "~/lib/input";
import { MAX_TEXTO } from "~/modules/padron-planes/padron-planes.schema";
import { SCREEN_PATH } from "~/modules/padron-planes/rules";

type PlanesFilterValues = {
  afi_dni: string;
  apellido: string;
  nombre: string;
  cod_padron: string;
  ver_solo_afi_inactivo: boolean;
  ver_solo_enrolamiento_vencido: boolean;
  ver_solo_enrolamiento_activo: boolean;
  ver_afiliados_en_convenio: boolean;
};

const TEXT_FIELDS: FilterFieldSpec[] = [
  { kind: "text", name: "afi_dni", label: "DNI", maxLength: 9, inputMode: "numeric" },
  { kind: "text", name: "apellido", label: "Apellido", maxLength: MAX_TEXTO },
  { kind: "text", name: "nombre", label: "Nombre", maxLength: MAX_TEXTO },
];

type Props = {
  values: PlanesFilterValues;
  coberturas: { gravcodgra: number; gravdesgra: string }[];
  errors: FieldError[];
  busy: boolean;
  pdfHref: string | null;
  excelHref: string | null;
};

export function PlanesFilters({ values, coberturas, errors, busy, pdfHref, excelHref }: Props) {
  return (
    <Form method="get" className="planes-filters" aria-label="Filtros de enrolados" noValidate>
      <div className="filters">
        <FilterFields
          fields={TEXT_FIELDS}
          values={{ afi_dni: values.afi_dni, apellido: values.apellido, nombre: values.nombre }}
          errors={errors}
        />
        <CoberturaSelect value={values.cod_padron} coberturas={coberturas} error={errorOf(errors, "cod_padron")} />
      </div>
      <PlanesChecks values={values} />
      <FilterMessage
        msg={errorOf(
          errors,
          "page",
          "size",
          "ver_solo_afi_inactivo",
          "ver_solo_enrolamiento_vencido",
          "ver_afiliados_en_convenio",
        )}
      />
      <FilterActions busy={busy} clearHref={SCREEN_PATH}>
        {pdfHref ? (
          <a className="ui-button ui-button--secondary" href={pdfHref} download>
            Exportar a PDF
          </a>
        ) : null}
        {excelHref ? (
          <a className="ui-button ui-button--secondary" href={excelHref} download>
            Exportar a Excel
          </a>
        ) : null}
      </FilterActions>
    </Form>
  );
}

/** 'Cobertura': the coverages, plus the asked code when it is not one of them (so the URL's value stays shown). */
function CoberturaSelect({
  value,
  coberturas,
  error,
}: {
  value: string;
  coberturas: Props["coberturas"];
  error: string | undefined;
}) {
  const options = coberturas.some((c) => String(c.gravcodgra) === value)
    ? coberturas
    : [...coberturas, { gravcodgra: Number(value) || 0, gravdesgra: value }];
  return (
    <Field label="Cobertura" name="cod_padron" error={error}>
      <select className="ui-input" defaultValue={value}>
        {options.map((c) => (
          <option key={c.gravcodgra} value={c.gravcodgra}>
            {c.gravcodgra} - {c.gravdesgra}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The four checkboxes; Vencidos and Activos exclude each other once JavaScript runs. */
function PlanesChecks({ values }: { values: PlanesFilterValues }) {
  const [vencido, setVencido] = useState(values.ver_solo_enrolamiento_vencido);
  const [activo, setActivo] = useState(values.ver_solo_enrolamiento_activo);
  return (
    <fieldset className="planes-checks">
      <legend className="ui-sr-only">Opciones de búsqueda</legend>
      <Checkbox
        label="Afiliados Inactivos"
        name="ver_solo_afi_inactivo"
        value="true"
        defaultChecked={values.ver_solo_afi_inactivo}
      />
      <Checkbox
        label="Enrolamientos Vencidos"
        name="ver_solo_enrolamiento_vencido"
        value="true"
        checked={vencido}
        onChange={(e) => {
          setVencido(e.currentTarget.checked);
          if (e.currentTarget.checked) setActivo(false);
        }}
      />
      <Checkbox
        label="Enrolamientos Activos"
        name="ver_solo_enrolamiento_activo"
        value="true"
        checked={activo}
        onChange={(e) => {
          setActivo(e.currentTarget.checked);
          if (e.currentTarget.checked) setVencido(false);
        }}
      />
      <Checkbox
        label="Afiliados en Convenio de Reciprocidad"
        name="ver_afiliados_en_convenio"
        value="true"
        defaultChecked={values.ver_afiliados_en_convenio}
      />
    </fieldset>
  );
}
