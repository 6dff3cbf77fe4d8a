// The CAPA form's starting values: empty (scheme Incompleto, no household) or from a stored record. Pure and
// browser-safe (the record's type is only a type).
import { ESQUEMA_DEFAULT } from "~/modules/capa/rules";
import type { CapaDefaults } from "./types";
import type { FichaCapa } from "~/modules/capa/rules";

const str = (v: unknown): string | undefined => (v == null || v === "" ? undefined : String(v));

export const EMPTY_INTEGRANTE = { afi_dni_integrante: "" };

// 'Tipo de módulo' starts as '' (the '-Seleccione-' option), never absent: conform's restart of the form unselects
// every option of a select without a value, which then shows blank.
function emptyCapa(): CapaDefaults {
  return { esquema_vacunacion: ESQUEMA_DEFAULT, tipo_modulo: "", integrantes: [] };
}

export function capaDefaults(f: FichaCapa | null): CapaDefaults {
  if (!f) return emptyCapa();
  return {
    version: str(f.version),
    afi_dni: str(f.afi_dni),
    afi_nombre: str(f.afi_nombre),
    afi_nro_afi: str(f.afi_nro_afi),
    afi_parentesco: str(f.afi_parentesco),
    afi_edad: str(f.afi_edad),
    afi_localidad: str(f.afi_localidad),
    fecha_positivo: str(f.fecha_positivo),
    afi_telefono: str(f.afi_telefono),
    afi_telefono_alternativo: str(f.afi_telefono_alternativo),
    afi_email: str(f.afi_email),
    esquema_vacunacion: str(f.esquema_vacunacion) ?? ESQUEMA_DEFAULT,
    tipo_modulo: str(f.tipo_modulo) ?? "",
    nro_autorizacion_sia: str(f.nro_autorizacion_sia),
    integrantes: f.integrantes.map((i) => ({
      afi_dni_integrante: str(i.afi_dni_integrante),
      afi_nombre_integrante: str(i.afi_nombre_integrante),
      afi_edad_integrante: str(i.afi_edad_integrante),
    })),
  };
}
