// One way to read input that is not a form: query strings, route params and JSON bodies go through a zod schema
// and `parseInput`, which answers { ok, data } or the spec's error shape { msg, errors: [{ param, msg }] }.
// Forms use conform (`parseWithZod` + `submission.reply()`) with the same zod schemas. The kinds of value every
// module reads (a calendar date, an id) are defined once here; the reporting period is in ./period.ts.
// Browser-safe: no server imports.
import { z } from "~/lib/zod";

export type FieldError = { param: string; msg: string };

export type Parsed<T> = { ok: true; data: T } | { ok: false; msg: string; errors: FieldError[] };

/** Field errors from a zod error, one per field (its first message), in the spec's { param, msg } shape. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const param = issue.path.join(".") || "body";
    if (seen.has(param)) continue;
    seen.add(param);
    out.push({ param, msg: issue.message });
  }
  return out;
}

/** Parses `raw` with `schema`: the data, or the first message plus every field's message. Never throws. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): Parsed<z.output<S>> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = fieldErrors(parsed.error);
  return { ok: false, msg: errors[0]?.msg ?? MSG_DATOS_INVALIDOS, errors };
}

/** The query string of a request or URL as a plain object (the last value of a repeated key wins). */
export function queryOf(source: Request | URL | URLSearchParams): Record<string, string> {
  const params =
    source instanceof URLSearchParams
      ? source
      : source instanceof URL
        ? source.searchParams
        : new URL(source.url).searchParams;
  return Object.fromEntries(params);
}

/**
 * What the user typed, kept to refill the form whatever the parse said: each field of `lengths` as the query string
 * (or a posted form's FormData) has it, cut to the field's length (a refused value is shown back, never a longer one
 * than the box takes; a file is no typed value and echoes as ''). `lengths` maps each field to its length, or is
 * `[fields, length]` when they share one; `absent` is a field's value when the source lacks it (default ''); `trim`
 * trims each value before the cut. The one way a screen echoes what was typed (ESLint refuses
 * `String(raw.x ?? "").slice(0, n)` by hand).
 */
export function typedValues<K extends string>(
  raw: Readonly<Record<string, string | undefined>> | FormData,
  lengths: Readonly<Record<K, number>> | readonly [readonly K[], number],
  { absent = {}, trim = false }: { absent?: Partial<Record<K, string>>; trim?: boolean } = {},
): Record<K, string> {
  const fields: [K, number][] = Array.isArray(lengths)
    ? (lengths[0] as readonly K[]).map((k) => [k, lengths[1] as number])
    : (Object.entries(lengths) as [K, number][]);
  const out = {} as Record<K, string>;
  for (const [k, max] of fields) {
    const typed = raw instanceof FormData ? raw.get(k) : raw[k];
    const value = typeof typed === "string" ? typed : (absent[k] ?? "");
    out[k] = (trim ? value.trim() : value).slice(0, max);
  }
  return out;
}

export const MSG_DATOS_INVALIDOS = "Datos inválidos";
export const MSG_FECHA_INVALIDA = "Fecha inválida (use dd/mm/aaaa)";

/**
 * A JSON body as the schemas read it: a key whose value is null or '' is left out, in nested objects too (list
 * items that are objects included), so null and '' mean "no value" in every write of the API, as an empty box does
 * in a form (conform leaves it out). A required field sent as null is then 'missing', with its own message; an
 * optional one is empty. What a GET answers (null for an empty field), the matching PUT accepts unchanged (ADR 044).
 */
export function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === "object" ? withoutEmpty(v) : v));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null || v === "") continue;
    out[k] = typeof v === "object" ? withoutEmpty(v) : v;
  }
  return out;
}

/** Any JSON object, read as it came: for a body the module validates itself (and answers 422 in its own words). */
export const JsonObjectSchema = z.looseObject({});

/** '' or whitespace → undefined, so optional fields treat a blank box like an absent one. */
export const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * A real calendar date 'aaaa-mm-dd' (2026-02-30 fails), surrounding spaces ignored. Year 0000 fails too: the ISO
 * pattern allows it but Postgres has no year 0 (it would be a database error).
 */
export function isoDate(msg: string = MSG_FECHA_INVALIDA) {
  return z
    .string({ error: msg })
    .trim()
    .max(10, msg)
    .pipe(z.iso.date({ error: msg }))
    .refine((s) => !s.startsWith("0000"), msg);
}

/** An optional calendar date: blank or absent → undefined. */
export function optionalIsoDate(msg: string = MSG_FECHA_INVALIDA) {
  return z.preprocess(blankToUndefined, isoDate(msg).optional());
}

/** The largest id a Postgres integer column holds. */
export const MAX_INT_ID = 2_147_483_647;

/**
 * A positive integer id written in a URL or a query ('12'; no signs, no decimals) that fits a Postgres integer.
 * One per kind of id, each with its own message: see the exported schemas below and in the modules.
 */
export function positiveIntId(msg: string, maxDigits = 10) {
  return z
    .string({ error: msg })
    .trim()
    .regex(new RegExp(`^\\d{1,${maxDigits}}$`), msg)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_INT_ID, msg);
}

/**
 * A positive integer id sent as a JSON number (a body's id, version, organoId…): an integer from 1 to MAX_INT_ID,
 * so a bigger one is a 400 with `msg` instead of a database error. URL and query ids use positiveIntId.
 */
export function jsonIntId(msg: string) {
  return z.number({ error: msg }).refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_INT_ID, msg);
}

/**
 * An id a form sends as digits ('12', a hidden field) or a JSON body as a number (12): an integer from 1 to
 * MAX_INT_ID. `missing` when it is absent or blank, `invalid` (default: the same) for anything else.
 */
export function formOrJsonId(missing: string, invalid: string = missing) {
  return z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined || iss.input === "" ? missing : invalid) })
      .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_INT_ID, invalid),
  );
}

export const MSG_FLAG = "El valor debe ser true o false";
const FLAG_TRUE = ["true", "1", "on", "si", "sí"];
const FLAG_FALSE = ["false", "0", "off", "no"];

/**
 * A checkbox or boolean query flag: 'true', '1', 'on', 'si' or 'sí' is true; 'false', '0', 'off' or 'no' is false
 * (any case); absent or blank is `absent`; anything else is refused with MSG_FLAG.
 */
export function queryFlag(absent = false) {
  return z
    .string({ error: MSG_FLAG })
    .optional()
    .transform((v) => (v ?? "").trim().toLowerCase())
    .refine((v) => v === "" || FLAG_TRUE.includes(v) || FLAG_FALSE.includes(v), MSG_FLAG)
    .transform((v) => (v === "" ? absent : FLAG_TRUE.includes(v)));
}

/** An estado (spec §4: ACTIVO / INACTIVO) from a select ('ACTIVO', 'true'…, any case) or JSON (a boolean). */
export function activoFlag(msg: string) {
  return z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const s = v.trim().toUpperCase();
      if (s === "ACTIVO" || s === "TRUE") return true;
      if (s === "INACTIVO" || s === "FALSE") return false;
      return v;
    },
    z.boolean({ error: msg }),
  );
}

export const MSG_IDAFI_INVALIDO = "El id de afiliado no es válido";
/** A member's id (idafi) in a URL or a query. */
export const idafiSchema = positiveIntId(MSG_IDAFI_INVALIDO);

export const MSG_DNI_INVALIDO = "El DNI debe tener 7 u 8 dígitos";
/** A DNI: 7 or 8 digits, as typed (dots are not accepted). */
export const dniSchema = z
  .string({ error: MSG_DNI_INVALIDO })
  .trim()
  .regex(/^\d{7,8}$/, MSG_DNI_INVALIDO);

export const MSG_NROAUTORIZACION_INVALIDO = "El número de autorización no es válido";
/** An authorisation number (nroautorizacion): 1 to 15 digits, not 0. The column is a BIGINT, beyond positiveIntId. */
export const nroAutorizacionSchema = z
  .string({ error: MSG_NROAUTORIZACION_INVALIDO })
  .trim()
  .regex(/^\d{1,15}$/, MSG_NROAUTORIZACION_INVALIDO)
  .transform(Number)
  .refine((n) => n >= 1, MSG_NROAUTORIZACION_INVALIDO);
