// CUIL/CUIT: prefix (2 digits) + document or company number (8 digits) + check digit, by the official
// modulo-11 algorithm with weights 5,4,3,2,7,6,5,4,3,2.

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The raw modulo-11 result for prefix + number: 0..9 is the check digit, 10 means "not representable". */
export function checkDigit(prefix: number | string, number: number | string): number {
  const body = `${String(prefix).padStart(2, "0")}${String(number).padStart(8, "0")}`;
  if (!/^\d{10}$/.test(body)) throw new Error(`invalid CUIL body: ${body}`);
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (body.charCodeAt(i) - 48) * WEIGHTS[i];
  const z = 11 - (sum % 11);
  return z === 11 ? 0 : z;
}

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

/** '20123456786' (the form the contributions API uses: prefix, central number and digit concatenated). */
export function compactCuil(c: Cuil): string {
  return `${c.prefijo}${String(c.nrocentral).padStart(8, "0")}${c.dtoverific}`;
}

const VALID_PREFIXES = new Set([20, 23, 24, 27, 30, 33, 34]);

/**
 * True when the text is an 11-digit CUIL/CUIT (dashes and spaces allowed) with a known prefix and a
 * check digit that matches modulo 11 — including the 23/33 special cases where the digit is fixed.
 */
export function isValidCuil(text: string | null | undefined): boolean {
  if (!text) return false;
  const s = text.replace(/[\s-]/g, "");
  if (!/^\d{11}$/.test(s)) return false;
  const prefix = Number(s.slice(0, 2));
  if (!VALID_PREFIXES.has(prefix)) return false;
  const digit = Number(s[10]);
  const z = checkDigit(prefix, s.slice(2, 10));
  return z === digit;
}
