// The form's starting values: empty (new), or from a stored ficha (update, view, and the copies of a drug change
// or readmission, which start on today's date). Values are in form terms (strings, 'on' for checked boxes).
import type { FichaDetail } from "~/modules/oncologia/rules";
import { DATOS_AFILIADO, DEFAULT_DEPARTAMENTO, DEFAULT_PROVINCIA, type Mode } from "~/modules/oncologia/rules";
import { EMPTY_DRUG } from "./DrugTable";
import type { FichaDefaults, FormValue as Value } from "./types";

const str = (v: unknown): Value =>
  v == null || v === "" ? undefined : typeof v === "boolean" ? (v ? "on" : undefined) : String(v);

const FIELDS = [
  "afi_dni",
  ...DATOS_AFILIADO,
  "hospital",
  "prescriptor_nombre",
  "prescriptor_matricula_prof",
  "prescriptor_matricula_espe",
  "prescriptor_email",
  "fecha_diagnostico",
  "edad_al_dianostico_anios",
  "edad_al_dianostico_meses",
  "diagnostico_histologico",
  "resumen_historia_clinica",
  "estudios_realizados",
  "controles_previos",
  "estado_actual",
  "estado_adyuvancia",
  "estado_avanzado",
  "cirugia",
  "fecha_cirugia",
  "tipo_cirugia",
  "quimioterapia",
  "fecha_quimioterapia",
  "esquema_quimioterapia",
  "radioterapia",
  "fecha_radioterapia",
  "esquema_radioterapia",
  "homonoterapia",
  "fecha_homonoterapia",
  "esquema_homonoterapia",
  "diagnostico",
  "estadio",
  "peso",
  "talla",
  "sup_corporal",
  "observacion",
] as const;

const DRUG_FIELDS = [
  "droga",
  "mgrs_protocolo",
  "cantidad",
  "dosis_dia",
  "dosis_total",
  "presentacion",
  "presentacion_cantidad",
  "ciclos",
  "frecuencia",
] as const;

function emptyFicha(today: string): FichaDefaults {
  return {
    fecha: today,
    afi_provincia: DEFAULT_PROVINCIA,
    afi_departamento: DEFAULT_DEPARTAMENTO,
    monodrogas: [{ ...EMPTY_DRUG }],
  };
}

/** The member's fields emptied (changed DNI, failed lookup): blank, province and department back to their defaults. */
export function emptyMember(): FichaDefaults {
  const out: FichaDefaults = Object.fromEntries(DATOS_AFILIADO.map((k) => [k, undefined]));
  out.afi_provincia = DEFAULT_PROVINCIA;
  out.afi_departamento = DEFAULT_DEPARTAMENTO;
  out.afi_dni_buscado = undefined;
  return out;
}

export function fichaDefaults(ficha: FichaDetail | null, mode: Mode, today: string): FichaDefaults {
  if (!ficha) return emptyFicha(today);
  const out: FichaDefaults = {};
  const source = ficha as unknown as Record<string, unknown>;
  for (const k of FIELDS) out[k] = str(source[k]);
  out.organoId = str(ficha.organoId ?? ficha.organo?.id);
  out.fecha = mode === "update" || mode === "view" ? ficha.fecha : today;
  if (mode === "update") out.version = str(ficha.version);
  out.monodrogas = ficha.monodrogas.map((d) => {
    const row: Record<string, Value> = {};
    const src = d as unknown as Record<string, unknown>;
    for (const k of DRUG_FIELDS) row[k] = str(src[k]);
    return row;
  });
  if (!out.afi_provincia) out.afi_provincia = DEFAULT_PROVINCIA;
  out.afi_dni_buscado = out.afi_dni; // the stored member's fields belong to its DNI
  return out;
}
