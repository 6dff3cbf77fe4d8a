// The app's zod: the library with ONE Spanish error map installed, so every schema, on the server and in the browser,
// refuses in Spanish and says what to fix, also where a schema gives no message of its own (ADR 044). Every module
// imports `z` from here, never from "zod" (ESLint refuses the direct import), so a new schema cannot forget it.
// A message a schema gives itself ('Campo obligatorio', 'Puesto inválido'…) always wins over this map.
// Browser-safe: no server imports.
import { z } from "zod";

export { z };

const TYPES: Record<string, string> = {
  string: "un texto",
  number: "un número",
  int: "un número entero",
  bigint: "un número entero",
  boolean: "verdadero o falso (true o false)",
  array: "una lista",
  object: "un objeto con sus campos",
  date: "una fecha",
};

const MAX_LISTED = 8;

/** '"A", "B" o "C"' (at most MAX_LISTED values, then '…'). */
function choices(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED).map((v) => (typeof v === "string" ? `"${v}"` : String(v)));
  if (values.length > MAX_LISTED) return `${shown.join(", ")}…`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} o ${shown[shown.length - 1]}` : (shown[0] ?? "");
}

const absent = (input: unknown) => input === undefined || input === null;

/** The message of one issue, in the house's Spanish; undefined for what zod never raises here. */
export function mensajeDeError(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (absent(issue.input)) return "Campo obligatorio";
      return `Debe ser ${TYPES[issue.expected] ?? "un valor válido"}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `Debe ser ${choices(issue.values)}`
        : `Debe ser uno de: ${choices(issue.values)}`;
    case "too_big": {
      const n = String(issue.maximum);
      if (issue.origin === "string") return `Máximo ${n} caracteres`;
      if (issue.origin === "array" || issue.origin === "set") return `Máximo ${n} elementos`;
      return issue.inclusive === false ? `Debe ser menor que ${n}` : `Debe ser como máximo ${n}`;
    }
    case "too_small": {
      const n = String(issue.minimum);
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "Campo obligatorio" : `Mínimo ${n} caracteres`;
      if (issue.origin === "array" || issue.origin === "set") return `Debe tener al menos ${n} elemento(s)`;
      return issue.inclusive === false ? `Debe ser mayor que ${n}` : `Debe ser como mínimo ${n}`;
    }
    case "invalid_format":
      if (issue.format === "email") return "Email inválido";
      if (issue.format === "date") return "Fecha inválida (use dd/mm/aaaa)";
      if (issue.format === "time") return "Hora inválida (use HH:MM)";
      if (issue.format === "datetime") return "Fecha y hora inválidas";
      if (issue.format === "url") return "Dirección (URL) inválida";
      return "Formato inválido";
    case "not_multiple_of":
      return `Debe ser múltiplo de ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return `Campos desconocidos: ${issue.keys.join(", ").slice(0, 120)}`;
    case "invalid_key":
      return "Clave inválida";
    case "invalid_element":
      return "Valor inválido en la lista";
    case "invalid_union":
      return "Valor inválido";
    default:
      return "Valor inválido";
  }
}

z.config({ customError: mensajeDeError });
