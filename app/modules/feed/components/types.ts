// Types the 'Importaciones' screen's components read (browser-safe: no server module).
import type { FieldError } from "~/lib/input";

/** One imported file as the list shows it (feed_importaciones, without the report's text). */
export type ImportacionVista = {
  id: number;
  /** ISO instant the import of the file began. */
  iniciado_en: string;
  origen: string;
  archivo: string;
  tabla: string | null;
  modo: string | null;
  codificacion: string | null;
  bytes: number;
  sha256: string;
  filas: number;
  insertadas: number;
  actualizadas: number;
  finalizadas: number;
  rechazadas: number;
  estado: string;
  mensaje: string | null;
  duracion_ms: number;
  /** The refusal report's download, null when the import has none. */
  informe_url: string | null;
};

export type ImportacionesFilterValues = Record<"estado" | "tabla", string>;

/** The loader's data of /importaciones. */
export type ImportacionesData = {
  ok: boolean;
  values: ImportacionesFilterValues;
  errors: FieldError[];
  importaciones: ImportacionVista[];
  total: number;
  page: number;
  size: number;
  query: string;
  /** The feed's tables (the tabla filter's options). */
  tablas: string[];
  /** Operation 42: the reports' links. */
  canDescargar: boolean;
};
