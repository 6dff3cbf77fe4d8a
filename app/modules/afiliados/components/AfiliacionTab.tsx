// Afiliación: the affiliation data of the member (registration, leaving, category, classification, plan,
// reciprocity agreement type).
import { formatDateAR } from "~/lib/dates";
import { InfoList } from "./MainPanel";
import type { Afiliado } from "~/modules/afiliados/rules";

export function AfiliacionTab({ afiliado: a }: { afiliado: Afiliado }) {
  return (
    <section aria-labelledby="afiliacion-title" className="member-tab">
      <h3 id="afiliacion-title">Datos de Afiliación</h3>
      <InfoList
        items={[
          ["Fecha de Alta", formatDateAR(a.fechalta)],
          ["Fecha de Baja", formatDateAR(a.fechbaja)],
          ["Motivo de Baja", a.motbaja],
          ["Vencimiento", formatDateAR(a.fechvto)],
          ["Grupo", a.grupo],
          ["Número", a.nromedio],
          ["Nro. Familiar", a.nroparentesco],
          ["Categoría", a.aficategoria],
          ["Clasificación", a.descclasificacion],
          ["Plan", a.plan],
          ["Tipo de Convenio", a.tipoconvenio],
        ]}
      />
    </section>
  );
}
