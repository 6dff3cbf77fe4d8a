// The SQL expressions that check and convert a staged (text) value of a feed column, set-based: plain CASE, regular
// expressions and string functions evaluated per row inside one statement (no function per row, no exception
// blocks). Every check is a CASE whose first true branch wins, so a cast only runs on a value already checked.
import { castType, quoteIdent, sqlLiteral, type FeedColumn } from "./columns";

export const MSG = {
  obligatorio: "Falta el valor obligatorio",
  entero: "No es un número entero",
  rango: "Número fuera de rango",
  numero: "No es un número (1234.56 o 1234,56, sin separador de miles)",
  logico: "No es un valor S/N (S, N, SI, NO, t, f, true, false, 1, 0)",
  fecha: "No es una fecha (dd/mm/aaaa o aaaa-mm-dd)",
  fechaInexistente: "Fecha inexistente",
  fechaHora: "No es una fecha y hora (dd/mm/aaaa hh:mm[:ss] o aaaa-mm-dd hh:mm[:ss])",
  hora: "No es una hora (hh:mm[:ss])",
  accion: "La acción debe ser A (alta o modificación) o B (baja)",
  cuil: "CUIL inválido: el dígito verificador o el prefijo no corresponden",
  cuilIncompleto: "CUIL incompleto: deben venir las tres partes o ninguna",
  cuit: "CUIT inválido: deben ser 11 dígitos con prefijo y dígito verificador correctos",
  repetida: "Clave repetida en el archivo",
} as const;

function fechaFueraDeRango(max: string): string {
  return `Fecha fuera de rango (de 01/01/1900 a ${max.slice(8, 10)}/${max.slice(5, 7)}/${max.slice(0, 4)})`;
}

export function noExiste(table: string, key: string): string {
  return `No existe en ${table} (${key})`;
}

/** Bounds, the most digits, and the length below which a value cannot pass the bounds (the cast is skipped). */
const INT_RANGE: Record<string, [string, string, number, number]> = {
  int: ["-2147483648", "2147483647", 10, 10],
  smallint: ["-32768", "32767", 5, 5],
  bigint: ["-9223372036854775808", "9223372036854775807", 19, 19],
};

const BOOL_TRUE = ["s", "si", "sí", "t", "true", "1"];
const BOOL_ALL = [...BOOL_TRUE, "n", "no", "f", "false", "0"];
const TIME_RE = "([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,6})?)?";

/** True when `v` is dd/mm/aaaa or aaaa-mm-dd (digits in place): string functions, no regular expression. */
function dateShape(v: string): string {
  return (
    `(length(${v}) = 10 AND ((substr(${v}, 3, 1) = '/' AND substr(${v}, 6, 1) = '/' AND translate(${v}, '0123456789', '') = '//')` +
    ` OR (substr(${v}, 5, 1) = '-' AND substr(${v}, 8, 1) = '-' AND translate(${v}, '0123456789', '') = '--')))`
  );
}

/** aaaa-mm-dd of a value whose first 10 characters have the date shape. */
function isoDate(v: string): string {
  return `(CASE WHEN substr(${v}, 3, 1) = '/' THEN substr(${v}, 7, 4) || '-' || substr(${v}, 4, 2) || '-' || substr(${v}, 1, 2) ELSE substr(${v}, 1, 10) END)`;
}

/** True when the ISO text `iso` is a day of the calendar (29 February only in leap years). */
function calendarDay(iso: string): string {
  const y = `substr(${iso}, 1, 4)::int`;
  const m = `substr(${iso}, 6, 2)::int`;
  const d = `substr(${iso}, 9, 2)::int`;
  const leap = `((${y} % 4 = 0 AND ${y} % 100 <> 0) OR ${y} % 400 = 0)`;
  return (
    `(${y} >= 1 AND ${m} BETWEEN 1 AND 12 AND ${d} BETWEEN 1 AND ` +
    `CASE WHEN ${m} IN (4, 6, 9, 11) THEN 30 WHEN ${m} = 2 THEN CASE WHEN ${leap} THEN 29 ELSE 28 END ELSE 31 END)`
  );
}

/** Range: 1900-01-01 … max, and 0001-01-01 (the legacy "no date") for date columns. */
function dateBranches(iso: string, max: string, sentinel: boolean): string {
  const outside = `(${iso} < '1900-01-01' OR ${iso} > ${sqlLiteral(max)})`;
  return (
    ` WHEN NOT ${calendarDay(iso)} THEN ${sqlLiteral(MSG.fechaInexistente)}` +
    ` WHEN ${sentinel ? `${iso} <> '0001-01-01' AND ` : ""}${outside} THEN ${sqlLiteral(fechaFueraDeRango(max))}`
  );
}

function typeBranches(c: FeedColumn, v: string, maxDate: string, days: string): string {
  switch (c.kind) {
    case "int":
    case "smallint":
    case "bigint": {
      const [lo, hi, digits, safe] = INT_RANGE[c.kind];
      // string functions rather than a regular expression: several times cheaper on millions of values
      const unsigned = `CASE WHEN left(${v}, 1) = '-' THEN substr(${v}, 2) ELSE ${v} END`;
      const wellFormed = `(translate(${unsigned}, '0123456789', '') = '' AND length(${unsigned}) BETWEEN 1 AND ${digits})`;
      return (
        ` WHEN NOT ${wellFormed} THEN ${sqlLiteral(MSG.entero)}` +
        ` WHEN length(${v}) >= ${safe} AND ${v}::numeric NOT BETWEEN ${lo} AND ${hi} THEN ${sqlLiteral(MSG.rango)}`
      );
    }
    case "numeric": {
      const whole = (c.precision ?? 18) - (c.scale ?? 0);
      const frac = c.scale ? `([.,][0-9]{1,${c.scale}})?` : "";
      const msg = `Número fuera de rango (hasta ${whole} enteros y ${c.scale ?? 0} decimales)`;
      // the usual value passes one regular expression; only a refused one is looked at again for the reason
      return (
        ` WHEN ${v} ~ '^-?0*[0-9]{1,${whole}}${frac}$' THEN NULL` +
        ` WHEN ${v} !~ '^-?[0-9]+([.,][0-9]+)?$' THEN ${sqlLiteral(MSG.numero)} ELSE ${sqlLiteral(msg)}`
      );
    }
    case "bool":
      return ` WHEN lower(${v}) NOT IN (${BOOL_ALL.map(sqlLiteral).join(", ")}) THEN ${sqlLiteral(MSG.logico)}`;
    case "date":
      return (
        ` WHEN ${v} IN (SELECT dia FROM ${days}) OR ${v} IN ('0001-01-01', '01/01/0001') THEN NULL` +
        ` WHEN NOT ${dateShape(v)} THEN ${sqlLiteral(MSG.fecha)}` +
        dateBranches(isoDate(v), maxDate, true)
      );
    case "timestamp":
      return (
        ` WHEN substr(${v}, 1, 10) IN (SELECT dia FROM ${days}) AND substr(${v}, 11) ~ '^[T ]${TIME_RE}$' THEN NULL` +
        ` WHEN NOT (${dateShape(`substr(${v}, 1, 10)`)} AND substr(${v}, 11) ~ '^[T ]${TIME_RE}$') THEN ${sqlLiteral(MSG.fechaHora)}` +
        dateBranches(isoDate(v), maxDate, false)
      );
    case "time":
      return ` WHEN ${v} !~ '^${TIME_RE}$' THEN ${sqlLiteral(MSG.hora)}`;
    case "text":
      return "";
  }
}

/** The staged value as SQL (empty → null for every type but text, where `""` is an empty text). */
function staged(c: FeedColumn, alias = "s"): string {
  const v = `${alias}.${quoteIdent(c.name)}`;
  return c.kind === "text" ? v : `NULLIF(${v}, '')`;
}

/**
 * The days a date may be, as text in both forms (dd/mm/aaaa and aaaa-mm-dd) from 1900-01-01 to `maxDate`: a valid date
 * is one hash lookup; only the others go through the shape, calendar and range checks that say what is wrong.
 */
export function daysTableSql(name: string, maxDate: string): string {
  const series = `generate_series('1900-01-01'::date, ${sqlLiteral(maxDate)}::date, interval '1 day') AS g(d)`;
  return `CREATE TEMP TABLE IF NOT EXISTS ${quoteIdent(name)} AS
    SELECT to_char(d, 'DD/MM/YYYY') AS dia FROM ${series} UNION ALL SELECT to_char(d, 'YYYY-MM-DD') FROM ${series}`;
}

/** The refusal reason of a staged value (NULL when it is fine): required, type, calendar, range. */
export function valueCheck(c: FeedColumn, maxDate: string, days: string, alias = "s"): string {
  const v = staged(c, alias);
  const empty = c.required ? sqlLiteral(MSG.obligatorio) : "NULL";
  const branches = typeBranches(c, v, maxDate, quoteIdent(days));
  return branches
    ? `CASE WHEN ${v} IS NULL THEN ${empty}${branches} END`
    : c.required
      ? `CASE WHEN ${v} IS NULL THEN ${empty} END`
      : "NULL";
}

/** The typed value of a checked staged value, the column's default when empty. */
export function converted(c: FeedColumn, alias = "s"): string {
  const v = staged(c, alias);
  const type = castType(c);
  let conv: string;
  switch (c.kind) {
    case "numeric":
      conv = `replace(${v}, ',', '.')::${type}`;
      break;
    case "bool":
      conv = `(lower(${v}) IN (${BOOL_TRUE.map(sqlLiteral).join(", ")}))`;
      break;
    case "date":
      conv = `${isoDate(v)}::date`;
      break;
    case "timestamp":
      conv = `(${isoDate(v)} || ' ' || substr(${v}, 12))::timestamp`;
      break;
    default:
      conv = c.kind === "text" ? v : `${v}::${type}`;
  }
  return c.defaultSql ? `COALESCE(${conv}, ${c.defaultSql})` : conv;
}

const CUIL_PREFIXES = ["20", "23", "24", "27", "30", "33", "34"];
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** True when the text `d` is 11 digits with a known prefix and the modulo-11 check digit (db/cuil.ts's rule). */
function cuilDigitsOk(d: string): string {
  const sum = WEIGHTS.map((w, i) => `substr(${d}, ${i + 1}, 1)::int * ${w}`).join(" + ");
  return (
    `(CASE WHEN ${d} !~ '^[0-9]{11}$' THEN false WHEN substr(${d}, 1, 2) NOT IN (${CUIL_PREFIXES.map(sqlLiteral).join(", ")}) THEN false` +
    ` ELSE (11 - (${sum}) % 11) % 11 = substr(${d}, 11, 1)::int END)`
  );
}

/**
 * The CUIL check of a column group: three columns (prefix, number, check digit: all empty, or the legacy zeros
 * placeholder, is no CUIL; some but not all empty is incomplete) or one column of 11 digits (dashes allowed).
 */
export function cuilCheck(group: readonly FeedColumn[], alias = "s"): { motivo: string; valor: string } {
  if (group.length === 1) {
    const v = staged(group[0], alias);
    const digits = `regexp_replace(${v}, '[- ]', '', 'g')`;
    return {
      motivo: `CASE WHEN ${v} IS NULL THEN NULL WHEN NOT ${cuilDigitsOk(digits)} THEN ${sqlLiteral(MSG.cuit)} END`,
      valor: v,
    };
  }
  const [p, n, d] = group.map((c) => `NULLIF(btrim(${alias}.${quoteIdent(c.name)}), '')`);
  const digits = `(lpad(${p}, 2, '0') || lpad(${n}, 8, '0') || ${d})`;
  const motivo =
    `CASE WHEN ${p} IS NULL AND ${n} IS NULL AND ${d} IS NULL THEN NULL` +
    ` WHEN ${p} IS NULL OR ${n} IS NULL OR ${d} IS NULL THEN ${sqlLiteral(MSG.cuilIncompleto)}` +
    ` WHEN ${p} ~ '^0+$' OR ${n} ~ '^0+$' THEN NULL` +
    ` WHEN NOT (${p} ~ '^[0-9]{1,2}$' AND ${n} ~ '^[0-9]{1,8}$' AND ${d} ~ '^[0-9]$') THEN ${sqlLiteral(MSG.cuil)}` +
    ` WHEN NOT ${cuilDigitsOk(digits)} THEN ${sqlLiteral(MSG.cuil)} END`;
  return { motivo, valor: `concat_ws('-', ${p}, ${n}, ${d})` };
}
