// The member registry in the snapshot (issue 15): what the rosters and the large member lists read — members,
// family groups, coverages, enrolments, reciprocity agreements, addresses and leave reasons — copied as the live
// tables hold them (legacy sentinels included: 0001-01-01 = "no date"). Status is never stored: queries derive it
// with the SQL of reporting/queries/afiliados-sql.ts, the same rule as app/modules/afiliados/rules.ts.
import type { BaseTable } from "./table-types";

export const MEMBER_TABLES: BaseTable[] = [
  {
    name: "afiliados",
    from: "afiliados",
    columns: [
      ["idafi", "INTEGER"],
      ["apeynom", "VARCHAR", "uncompressed"],
      ["baperapell", "VARCHAR"],
      ["bapernombr", "VARCHAR"],
      ["numdoc", "VARCHAR", "uncompressed"],
      ["nroafi", "VARCHAR", "uncompressed"],
      ["cuil_prefijo", "VARCHAR"],
      ["cuil_nrocentral", "VARCHAR", "uncompressed"],
      ["cuil_dtoverific", "VARCHAR"],
      ["grupo", "VARCHAR"],
      ["nromedio", "VARCHAR"],
      ["nroparentesco", "VARCHAR"],
      ["descparentesco", "VARCHAR"],
      ["grupo_familiar_id", "INTEGER"],
      ["baperfenac", "DATE"],
      ["sexocodigo", "VARCHAR"],
      ["fechalta", "DATE"],
      ["fechbaja", "DATE"],
      ["fechvto", "DATE"],
      ["codmotbaja", "INTEGER"],
      ["motbaja", "VARCHAR"],
      ["aficategoria", "VARCHAR"],
      ["descclasificacion", "VARCHAR"],
      ["plan", "VARCHAR"],
      ["tipoconvenio", "VARCHAR"],
    ],
  },
  {
    name: "grupos_familiares",
    from: "grupos_familiares",
    columns: [
      ["id", "INTEGER"],
      ["titular_idafi", "INTEGER"],
    ],
  },
  {
    name: "coberturas",
    from: "coberturas",
    columns: [
      ["gravcodgra", "INTEGER"],
      ["gravdesgra", "VARCHAR"],
      ["cobcaract", "VARCHAR"],
      ["cobsubcaract", "VARCHAR"],
    ],
  },
  {
    name: "enrolamientos",
    from: "enrolamientos",
    columns: [
      ["id", "INTEGER"],
      ["idafi", "INTEGER"],
      ["gravcodgra", "INTEGER"],
      ["enprfecvig", "DATE"],
      ["enprfecbaj", "DATE"],
      ["enprfecinf", "DATE"],
      ["enprnromie", "VARCHAR"],
    ],
  },
  {
    name: "convenios_reciprocidad",
    from: "convenios_reciprocidad",
    columns: [
      ["id", "INTEGER"],
      ["idafi", "INTEGER"],
      ["tipoconvenio", "VARCHAR"],
      ["clasificacion_convenio", "VARCHAR"],
      ["institucion_convenio", "VARCHAR"],
      ["provincia_convenio", "VARCHAR"],
      ["inicio_convenio", "DATE"],
      ["fin_convenio", "DATE"],
    ],
  },
  {
    name: "domicilios",
    from: "domicilios",
    columns: [
      ["id", "INTEGER"],
      ["idafi", "INTEGER"],
      ["bedomcalle", "VARCHAR"],
      ["bedomnumer", "VARCHAR"],
      ["localidad", "VARCHAR"],
      ["departamento", "VARCHAR"],
      ["provincia", "VARCHAR"],
      ["codpostal", "VARCHAR"],
      ["telefono", "VARCHAR"],
      ["telcelular", "VARCHAR"],
      ["email", "VARCHAR"],
    ],
  },
  {
    name: "motivos_baja",
    from: "motivos_baja",
    columns: [
      ["bambacodig", "INTEGER"],
      ["bambadescr", "VARCHAR"],
    ],
  },
];
