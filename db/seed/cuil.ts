// CUIL/CUIT generation for the demo data: prefix by sex (or company), the document or company number, and the
// check digit of the one CUIL rule (db/cuil.ts, pure and dependency-free, shared with the app: the seed reuses it
// instead of keeping a second validator, docs/decisions/019-cuil-and-member-lookup.md).

import { cuilCheckDigit, isValidCuil } from "~db/cuil.ts";

/** The raw modulo-11 result for prefix + number (0..9, or 10 = "not representable"): the app's one rule. */
export const checkDigit = cuilCheckDigit;

/** Validation is the app's rule too (docs/decisions/019-cuil-and-member-lookup.md); re-exported for the seed's own checks. */
export { isValidCuil };

export type Cuil = { prefijo: number; nrocentral: number; dtoverific: number };

/**
 * The CUIL of a person: prefix 20 (male), 27 (female), 23 (other / unknown). When the check digit comes
 * out as 10, AFIP uses prefix 23 with digit 9 for men and 4 for women (and 24 when 23 itself fails). These special cases agree with plain modulo 11 on the new prefix.
 */
export function cuilFor(dni: number, sexo: "M" | "F" | string): Cuil {
  const prefijo = sexo === "M" ? 20 : sexo === "F" ? 27 : 23;
  const z = checkDigit(prefijo, dni);
  if (z !== 10) return { prefijo, nrocentral: dni, dtoverific: z };
  if (prefijo === 20) return { prefijo: 23, nrocentral: dni, dtoverific: 9 };
  if (prefijo === 27) return { prefijo: 23, nrocentral: dni, dtoverific: 4 };
  return { prefijo: 24, nrocentral: dni, dtoverific: checkDigit(24, dni) };
}

/**
 * The CUIT of a company: prefix 30; when the digit comes out as 10 AFIP assigns prefix 33 with digit 9
 * (the same special rule that 23 follows for people).
 */
export function cuitForCompany(number: number): Cuil {
  const z = checkDigit(30, number);
  if (z !== 10) return { prefijo: 30, nrocentral: number, dtoverific: z };
  return { prefijo: 33, nrocentral: number, dtoverific: 9 };
}

/** '20-12345678-6' */
export function formatCuil(c: Cuil): string {
  return `${c.prefijo}-${String(c.nrocentral).padStart(8, "0")}-${c.dtoverific}`;
}
