// Who belongs to each pharmacy roster, as DuckDB SQL on the snapshot (docs/padron-farmacia.md): one text column
// `line` per record in the layout of rules.ts, built inside DuckDB so that only one string per record crosses
// the binding. Status through afiliados-sql.ts (bind $hoy = the generation day), never recomputed another way.
import { activoSql, coberturaActivaSql, isNullDateSql } from "~reporting/queries/afiliados-sql";
import {
  DIABETES_COVERAGE,
  DRUG_PLAN_DISCOUNT,
  FIELD_SEPARATOR,
  GENERAL_COVERAGE,
  GENERAL_DISCOUNT,
  RECORD_FIELDS,
  type RosterKind,
} from "./rules";

/** A text column as a field (rules.fieldText in SQL: separator and control characters → space, trimmed). */
const text = (col: string) => `trim(regexp_replace(coalesce(${col}, ''), '[;\\x00-\\x1f\\x7f]', ' ', 'g'))`;
const digits = (col: string) => `regexp_replace(coalesce(${col}, ''), '[^0-9]', '', 'g')`;

/** The SQL of each field of RECORD_FIELDS, for member alias `a`; cobertura/descuento come from the roster. */
function fieldSql(cobertura: string, descuento: string): Record<(typeof RECORD_FIELDS)[number], string> {
  return {
    dni: text("a.numdoc"),
    nro_afiliado: text("a.nroafi"),
    cuil: `CASE WHEN ${digits("a.cuil_prefijo")} <> '' AND ${digits("a.cuil_nrocentral")} <> '' AND ${digits("a.cuil_dtoverific")} <> ''
      THEN ${digits("a.cuil_prefijo")} || ${digits("a.cuil_nrocentral")} || ${digits("a.cuil_dtoverific")} ELSE '' END`,
    apellido_nombre: text("a.apeynom"),
    sexo: text("a.sexocodigo"),
    fecha_nacimiento: `CASE WHEN ${isNullDateSql("a.baperfenac")} THEN '' ELSE strftime(a.baperfenac, '%Y%m%d') END`,
    grupo: text("a.grupo"),
    parentesco: text("a.nroparentesco"),
    cobertura: `CAST(${cobertura} AS VARCHAR)`,
    descuento: `CAST(${descuento} AS VARCHAR)`,
  };
}

function lineSql(cobertura: string, descuento: string, cr: boolean): string {
  const f = fieldSql(cobertura, descuento);
  return RECORD_FIELDS.map((k) => f[k]).join(` || '${FIELD_SEPARATOR}' || `) + (cr ? " || chr(13)" : "");
}

const DRUG_PLANS_VALUES = Object.entries(DRUG_PLAN_DISCOUNT)
  .map(([cob, pct]) => `(${Number(cob)}, ${Number(pct)})`)
  .join(", ");

/** Members with an ACTIVA enrolment in the diabetes programme. */
const diabetic = (a = "a") =>
  `EXISTS (SELECT 1 FROM enrolamientos d WHERE d.idafi = ${a}.idafi AND d.gravcodgra = ${DIABETES_COVERAGE}
    AND ${coberturaActivaSql("d", a)})`;

/**
 * The SQL of a roster: column `line`, ordered by DNI, member number, coverage (stable output for equal data).
 * Bind { hoy: 'YYYY-MM-DD' }. `cr`: each line ends with a carriage return (DuckDB's writer adds the line feed).
 */
export function rosterSql(kind: RosterKind, opts: { cr?: boolean } = {}): string {
  const cr = opts.cr ?? false;
  if (kind === "activos" || kind === "diabeticos") {
    const [cob, pct] =
      kind === "activos"
        ? [GENERAL_COVERAGE, GENERAL_DISCOUNT]
        : [DIABETES_COVERAGE, DRUG_PLAN_DISCOUNT[DIABETES_COVERAGE]];
    return `SELECT ${lineSql(String(cob), String(pct), cr)} AS line
      FROM afiliados a
      WHERE ${activoSql("a")}${kind === "diabeticos" ? ` AND ${diabetic("a")}` : ""}
      ORDER BY a.numdoc, a.nroafi, a.idafi`;
  }
  // the medication variants: one record per member × ACTIVA enrolment in a coverage with its own drug plan
  return `WITH planes(gravcodgra, descuento) AS (VALUES ${DRUG_PLANS_VALUES}),
    cob AS (
      SELECT DISTINCT e.idafi, e.gravcodgra FROM enrolamientos e JOIN afiliados a ON a.idafi = e.idafi
      WHERE e.gravcodgra IN (SELECT gravcodgra FROM planes) AND ${coberturaActivaSql("e", "a")}
    )
    SELECT ${lineSql("c.gravcodgra", "p.descuento", cr)} AS line
    FROM afiliados a JOIN cob c ON c.idafi = a.idafi JOIN planes p ON p.gravcodgra = c.gravcodgra
    WHERE ${activoSql("a")}${kind === "diabeticos-medicamentos" ? ` AND ${diabetic("a")}` : ""}
    ORDER BY a.numdoc, a.nroafi, a.idafi, c.gravcodgra`;
}
