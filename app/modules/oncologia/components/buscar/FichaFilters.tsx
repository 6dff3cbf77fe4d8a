// Buscar Ficha filters (spec part 1 §2): DNI, Fecha Desde, Fecha Hasta, Diagnóstico de Organo (TODOS = -1 plus the
// organs) and Estado (TODOS or one status, default INGRESO); Buscar Ficha, Limpiar Filtros, Exportar a PDF (only for
// holders of operation 3). A GET form: the URL holds the filters, so it works without JavaScript; 'Exportar a PDF' is
// a plain download link to the PDF of the filters searched, the list on screen (as every report link, ADR 057).
import { Form, Link } from "@remix-run/react";
import { DateField, Field } from "~/components/ui";
import { ESTADOS_FILTRO } from "~/modules/oncologia/rules";
import { filterQuery, REPORT_PATH, SCREEN_PATH, TODOS, type FilterValues } from "~/modules/oncologia/buscar-query";

type Props = {
  values: FilterValues;
  organos: { id: number; descripcion: string }[];
  errors: { param: string; msg: string }[];
  /** Operation 3 (OP.EXPORTAR_FICHAS_PDF): shows 'Exportar a PDF'. */
  canExport: boolean;
  /** JavaScript: 'Limpiar Filtros' (forgets the saved filters). */
  onClear?: () => void;
};

export function FichaFilters({ values, organos, errors, canExport, onClear }: Props) {
  const err = (param: string) => errors.find((e) => e.param === param)?.msg;
  return (
    <Form method="get" action={SCREEN_PATH} className="buscar-ficha-filters" noValidate>
      <div className="filters">
        <Field label="DNI" name="afi_dni" error={err("afi_dni")}>
          <input
            className="ui-input"
            type="text"
            inputMode="numeric"
            maxLength={8}
            defaultValue={values.afi_dni}
            autoComplete="off"
          />
        </Field>
        <DateField
          label="Fecha Desde"
          name="fecha_desde"
          defaultValue={values.fecha_desde}
          error={err("fecha_desde")}
        />
        <DateField
          label="Fecha Hasta"
          name="fecha_hasta"
          defaultValue={values.fecha_hasta}
          error={err("fecha_hasta")}
        />
        <Field label="Diagnóstico de Organo" name="organoId" error={err("organoId")}>
          <select className="ui-input" defaultValue={String(values.organoId)}>
            <option value={TODOS}>TODOS</option>
            {organos.map((o) => (
              <option key={o.id} value={o.id}>
                {o.descripcion}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Estado" name="estado_ficha">
          <select className="ui-input" defaultValue={values.estado_ficha}>
            {ESTADOS_FILTRO.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="buscar-ficha-actions">
        <button type="submit" className="ui-button ui-button--primary">
          Buscar Ficha
        </button>
        <Link className="ui-button ui-button--secondary" to={SCREEN_PATH} onClick={() => onClear?.()}>
          Limpiar Filtros
        </Link>
        {canExport ? (
          <a
            className="ui-button ui-button--secondary"
            href={`${REPORT_PATH}?${filterQuery(values)}`}
            download="report.pdf"
          >
            Exportar a PDF
          </a>
        ) : null}
      </div>
    </Form>
  );
}
