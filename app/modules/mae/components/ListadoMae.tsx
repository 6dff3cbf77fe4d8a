// 'Listado MAE' (spec part 2 §2): the five filters (Apellido y Nombre MAE, DNI MAE, DNI Alumno, Apellido y Nombre
// Alumno, school year) with Buscar and the disabled XLS button, and the paged table (DNI, name, title, students —
// inactive ones shown disabled —, options as action icons (ADR 056): Ver (the ficha, to read or edit) and Migrar to the
// next school year). A GET form: the URL holds the filters and the page, so everything works without JavaScript.
import { Form, Link } from "@remix-run/react";
import { ActionIcon, ActionIcons, Chip, DataTable, Field, Pager, type Column } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import { MAX } from "~/modules/mae/mae.schema";
import { ANIOS_LECTIVOS, migrarHref } from "~/modules/mae/rules";
import type { FichaVista } from "./types";

type FiltroValores = {
  apeynom_mae: string;
  dni_mae: string;
  dni_alumno: string;
  apeynom_alumno: string;
  anio_lectivo: string;
};

export function ListadoMaeFiltros({ values, errors }: { values: FiltroValores; errors: FieldError[] }) {
  const err = (p: string) => errors.find((e) => e.param === p)?.msg;
  const other = err("page") ?? err("size");
  return (
    <Form method="get" className="mae-filtros" noValidate>
      <div className="filters">
        <Field label="Apellido y Nombre MAE" name="apeynom_mae" error={err("apeynom_mae")}>
          <input className="ui-input" defaultValue={values.apeynom_mae} maxLength={MAX.filtro} autoComplete="off" />
        </Field>
        <Field label="DNI MAE" name="dni_mae" error={err("dni_mae")}>
          <input
            className="ui-input"
            defaultValue={values.dni_mae}
            inputMode="numeric"
            maxLength={8}
            autoComplete="off"
          />
        </Field>
        <Field label="DNI Alumno" name="dni_alumno" error={err("dni_alumno")}>
          <input
            className="ui-input"
            defaultValue={values.dni_alumno}
            inputMode="numeric"
            maxLength={8}
            autoComplete="off"
          />
        </Field>
        <Field label="Apellido y Nombre Alumno" name="apeynom_alumno" error={err("apeynom_alumno")}>
          <input className="ui-input" defaultValue={values.apeynom_alumno} maxLength={MAX.filtro} autoComplete="off" />
        </Field>
        <Field label="Año Lectivo" name="anio_lectivo" error={err("anio_lectivo")}>
          <select className="ui-input" defaultValue={values.anio_lectivo}>
            {ANIOS_LECTIVOS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {other ? (
        <p className="ui-field-error" role="alert">
          {other}
        </p>
      ) : null}
      <div className="mae-acciones">
        <button type="submit" className="ui-button ui-button--primary">
          Buscar
        </button>
        {/* Spec §2: the XLS export is shown disabled. */}
        <button type="button" className="ui-button ui-button--secondary" disabled title="No disponible">
          XLS
        </button>
        <Link className="ui-button ui-button--secondary" to="/regmae">
          Nueva ficha MAE
        </Link>
      </div>
    </Form>
  );
}

export function ListadoMaeTabla({
  fichas,
  total,
  page,
  size,
  hrefForPage,
}: {
  fichas: FichaVista[];
  total: number;
  page: number;
  size: number;
  hrefForPage: (page: number) => string;
}) {
  const columns: Column<FichaVista>[] = [
    { key: "dni", header: "DNI" },
    { key: "apeynom", header: "APELLIDO Y NOMBRE" },
    { key: "titulo_mae", header: "TÍTULO" },
    {
      key: "alumnos",
      header: "ALUMNOS",
      value: (f) => f.alumnos.map((a) => a.apeynom).join(", "),
      render: (f) =>
        f.alumnos.length === 0 ? (
          <span className="mae-vacio">Sin alumnos</span>
        ) : (
          <ul className="mae-lista-alumnos" aria-label={`Alumnos de ${f.apeynom}`}>
            {f.alumnos.map((a) => (
              <li key={a.id}>
                <Chip
                  label={a.apeynom}
                  tone={a.estado ? "info" : "neutral"}
                  disabled={!a.estado}
                  title={a.estado ? `DNI ${a.dni}` : `DNI ${a.dni} — inactivo`}
                />
                {/* Said to a screen reader with the name (issue 39); the chip's look says it to the eye. */}
                {a.estado ? null : <span className="ui-sr-only"> (inactivo)</span>}
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: "opciones",
      header: "OPCIONES",
      render: (f) => {
        const migrar = migrarHref(f);
        return (
          <ActionIcons>
            <ActionIcon action="ver" subject={`la ficha de ${f.apeynom}`} href={`/regmae/${f.id}`} />
            {migrar ? (
              <ActionIcon action="migrar" subject={`la ficha de ${f.apeynom} a otro registro`} href={migrar} />
            ) : null}
          </ActionIcons>
        );
      },
    },
  ];
  return (
    <div className="mae-listado">
      <DataTable columns={columns} rows={fichas} rowKey="id" caption="Listado MAE" captionHidden />
      <Pager page={page} size={size} total={total} hrefFor={hrefForPage} label="Paginación del listado MAE" />
    </div>
  );
}
