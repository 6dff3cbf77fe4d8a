// The filters of 'Padrón Voluntarios' (a GET form): the estado, the text filter (with JavaScript it filters the
// grid's rows as the user types), 'Listar' and, for holders of the export operation, 'Exportar a Excel'. The grid's
// order (?sort=&dir=, ADR 059) is kept across a new search.
import { Form, useLocation } from "@remix-run/react";
import { Field, Spinner } from "~/components/ui";
import { viewParamsOf } from "~/lib/table-state";
import { EXCEL_FILENAME, SCREEN_PATH, SEARCH_MAX, VOLUNTARIOS_ESTADOS } from "~/modules/voluntarios/voluntarios.schema";

export function VoluntariosFiltros(props: {
  estado: string;
  errors: { estado?: string; search?: string };
  filtro: string;
  onFiltro: (filtro: string) => void;
  busy: boolean;
  excelHref: string | null;
}) {
  const { busy, excelHref } = props;
  const { search } = useLocation();
  return (
    <Form method="get" action={SCREEN_PATH} className="filters vol-filters" aria-label="Filtros del padrón">
      {Object.entries(viewParamsOf(search)).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Field label="Estado" name="estado" error={props.errors.estado} className="vol-estado">
        <select className="ui-input" defaultValue={props.estado} key={props.estado}>
          {VOLUNTARIOS_ESTADOS.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Filtrar" name="search" error={props.errors.search} className="vol-filtro">
        <input
          type="search"
          className="ui-input"
          value={props.filtro}
          onChange={(e) => props.onFiltro(e.target.value)}
          placeholder="Nombre, DNI o Nro. de afiliado"
          maxLength={SEARCH_MAX}
          autoComplete="off"
        />
      </Field>
      <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
        {busy ? "Listando..." : "Listar"}
      </button>
      {excelHref && (
        <a className="ui-button ui-button--secondary" href={excelHref} download={EXCEL_FILENAME}>
          Exportar a Excel
        </a>
      )}
      {busy && <Spinner label="Listando..." />}
    </Form>
  );
}
