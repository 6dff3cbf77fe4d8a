// The reciprocity agreement block (spec part 1 §2): name, DNI, coverage, coverage start-end, agreement type,
// classification, institution, province, agreement start and end. Shown in a dialog, or inline without JS.
// Missing dates read 'Sin fecha' (docs/decisions/019-cuil-and-member-lookup.md).
import { dateOrSinFecha, periodText } from "~/modules/afiliados/rules";
import type { ConvenioDetalle as ConvenioDetalleData } from "~/modules/afiliados/listado.schema";

/** What the dialog shows of the agreement (the module's ConvenioDetalle; a type-only import). */
export type ConvenioView = Pick<
  ConvenioDetalleData,
  | "idafi"
  | "apeynom"
  | "dni"
  | "gravdesgra"
  | "enprfecvig"
  | "enprfecbaj"
  | "tipoconvenio"
  | "clasificacion_convenio"
  | "institucion_convenio"
  | "provincia_convenio"
  | "inicio_convenio"
  | "fin_convenio"
>;

export const CONVENIO_TITLE = "Convenio de Reciprocidad";

const text = (t: string | null) => (t?.trim() ? t : "-");

export function ConvenioDetalle({ c }: { c: ConvenioView }) {
  const items: [string, string][] = [
    ["Apellido y Nombre", c.apeynom],
    ["DNI", c.dni],
    ["Cobertura", text(c.gravdesgra)],
    ["Vigencia de la cobertura", periodText(c.enprfecvig, c.enprfecbaj)],
    ["Tipo de Convenio", c.tipoconvenio],
    ["Clasificación", text(c.clasificacion_convenio)],
    ["Institución", text(c.institucion_convenio)],
    ["Provincia", text(c.provincia_convenio)],
    ["Inicio del Convenio", dateOrSinFecha(c.inicio_convenio)],
    ["Fin del Convenio", dateOrSinFecha(c.fin_convenio)],
  ];
  return (
    <dl className="convenio-detalle" data-testid="convenio-detalle">
      {items.map(([k, v]) => (
        <div key={k} className="convenio-item">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
