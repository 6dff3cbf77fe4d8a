// The migration's confirmation of students (issue 28, docs/decisions/055-mae-front-desk.md): on the migration URL
// the ficha form lists the active students of the ficha it comes from, each a checkbox (checked: the student goes
// on to the new year; unchecked: stays behind); 'Guardar MAE' creates the ficha and copies the checked ones in one
// transaction. Plain form fields: it works without JavaScript.
import type { SubmissionResult } from "@conform-to/react";
import { Checkbox } from "~/components/ui";
import type { Migracion } from "./types";

/** The ids a refused save sent back (the boxes as the clerk left them), or null: all checked (the default). */
function marcados(lastResult: SubmissionResult<string[]> | undefined): Set<string> | null {
  const sent = lastResult?.initialValue;
  if (!sent) return null;
  const raw = sent.alumnos;
  const list = Array.isArray(raw) ? raw : raw == null ? [] : [raw];
  return new Set(list.map(String));
}

export function MigracionAlumnos({
  m,
  anio,
  lastResult,
}: {
  m: Migracion;
  anio: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const kept = marcados(lastResult);
  const error = lastResult?.error?.alumnos ?? lastResult?.error?.origen;
  return (
    <fieldset className="mae-migracion" aria-describedby="mae-migracion-nota">
      <legend>
        Alumnos activos de la ficha {m.anio_origen} que pasan a {anio}
      </legend>
      <input type="hidden" name="origen" value={m.origen} />
      <p id="mae-migracion-nota" className="mae-nota">
        {m.alumnos.length
          ? "Desmarque los alumnos que no continúan; los marcados se copian a la nueva ficha al guardarla."
          : `La ficha ${m.anio_origen} no tiene alumnos activos: se guarda la ficha sola.`}
      </p>
      {m.alumnos.length ? (
        <ul className="mae-migracion-lista">
          {m.alumnos.map((a) => (
            <li key={a.id}>
              <Checkbox
                name="alumnos"
                value={a.id}
                defaultChecked={kept ? kept.has(String(a.id)) : true}
                label={`${a.apeynom} — DNI ${a.dni} — ${a.escuela}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="ui-field-error" role="alert">
          {error.join(". ")}
        </p>
      ) : null}
    </fieldset>
  );
}
