// 'Buscar Afiliados Enrolados' (spec part 1 §2), its table defined once (ADR 072): what the screen lists (name,
// DNI, member number, status, start, end) and the PDF prints besides (age, locality, agreement). The screen's rows
// carry only their own fields (PlanesRow: no more of a member than the screen shows), so the screen's columns are
// typed on them and the printed ones on the whole enrolment; both are this one list.
import { dateOrSinFecha } from "~/modules/afiliados/rules";
import type { ReportColumn, ReportTable } from "~/modules/reporting/report-columns";
import type { EnrolmentRow } from "./padron-planes.server";
import { fullName } from "./rules";

/** A row of the screen's table: the fields its columns (and the red rule, the member's link) read. */
export type PlanesRow = Pick<
  EnrolmentRow,
  | "id"
  | "idenrolamiento"
  | "baperapell"
  | "bapernombr"
  | "dni"
  | "bagfmnroaf"
  | "enprfecvig"
  | "enprfecbaj"
  | "estado"
  | "vencido"
>;

const fecha = (key: "enprfecvig" | "enprfecbaj", header: string): ReportColumn<PlanesRow> => ({
  key,
  header,
  kind: "date",
  value: (r) => r[key],
  text: (r) => dateOrSinFecha(r[key]),
  width: 10,
});

/** The screen's columns (the first of the list). */
export const PLANES_SCREEN_COLUMNS: ReportColumn<PlanesRow>[] = [
  { key: "nombre", header: "APELLIDO Y NOMBRE", value: fullName, wrap: true, width: 30 },
  { key: "dni", header: "DNI", kind: "code", value: (r) => r.dni, width: 10 },
  { key: "bagfmnroaf", header: "NRO. AFILIADO", kind: "code", value: (r) => r.bagfmnroaf, width: 14 },
  { key: "estado", header: "ESTADO", value: (r) => r.estado, width: 9 },
  fecha("enprfecvig", "INICIO"),
  fecha("enprfecbaj", "FIN"),
];

export const PLANES: ReportTable<EnrolmentRow> = {
  title: "Afiliados enrolados",
  sheet: "Padrón de Planes",
  rowKey: (r) => r.idenrolamiento,
  columns: [
    ...PLANES_SCREEN_COLUMNS,
    { key: "edad", header: "EDAD", kind: "count", value: (r) => r.edad, outputs: ["print"], width: 6 },
    { key: "localidad", header: "LOCALIDAD", value: (r) => r.localidad, wrap: true, outputs: ["print"], width: 20 },
    { key: "tipoconvenio", header: "CONVENIO", value: (r) => r.tipoconvenio, outputs: ["print"], width: 14 },
  ],
};
