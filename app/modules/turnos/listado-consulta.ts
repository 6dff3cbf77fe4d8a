// The search of 'Consulta de Turnos' as the screen, its URL and its Excel export share it: by DNI or by date, plus
// the procedure type (spec part 2 §2, §5): TODOS by default, '-' refused; a DNI search ignores an empty DNI and a
// date search an empty date. Browser-safe.
import { parseInput, type Parsed } from "~/lib/input";
import { TODOS } from "./rules";
import { consultaTurnosSchema } from "./turnos.schema";

export const EXPORT_PATH = "/listado-turnos/exportar.xlsx";
/** The export asked without a search (the screen simply searches nothing). */
export const MSG_SIN_BUSQUEDA = "Debe buscar por DNI o por fecha";

export type Consulta =
  { buscar: "dni"; dni: string; tipo_tramite: string } | { buscar: "fecha"; fecha: string; tipo_tramite: string };

/**
 * The search of a query string (buscar=dni|fecha, dni, fecha, tipo_tramite): null when there is nothing to search
 * (no 'buscar', or its DNI/date is empty), else the parsed search or the schema's messages.
 */
export function consultaDeQuery(raw: Record<string, string>): Parsed<Consulta> | null {
  const buscar = raw.buscar === "dni" || raw.buscar === "fecha" ? raw.buscar : null;
  if (!buscar) return null;
  const criterio = (buscar === "dni" ? raw.dni : raw.fecha) ?? "";
  if (criterio.trim() === "") return null;
  const parsed = parseInput(consultaTurnosSchema, {
    dni: buscar === "dni" ? criterio : undefined,
    fecha: buscar === "fecha" ? criterio : undefined,
    tipo_tramite: raw.tipo_tramite,
  });
  if (!parsed.ok) return parsed;
  const { dni, fecha, tipo_tramite } = parsed.data;
  return {
    ok: true,
    data: buscar === "dni" ? { buscar, dni: dni!, tipo_tramite } : { buscar, fecha: fecha!, tipo_tramite },
  };
}

/** The query string of a search (the screen's URL and the export's). */
export function consultaQuery(c: Consulta): URLSearchParams {
  const p = new URLSearchParams({ buscar: c.buscar });
  if (c.buscar === "dni") p.set("dni", c.dni);
  else p.set("fecha", c.fecha);
  p.set("tipo_tramite", c.tipo_tramite || TODOS);
  return p;
}
