// Aportes: the contributions table, money in Argentine pesos. Active members and retirees (groups 01–06 and
// 99, isRetiree) see different columns (spec part 1 §2).
import { DataTable, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { formatPesos } from "~/lib/money";
import { isRetiree } from "~/modules/afiliados/rules";
import type { Aporte } from "~/modules/afiliados/rules";

const money = (key: keyof Aporte, header: string): Column<Aporte> => ({
  key,
  header,
  align: "right",
  render: (r) => formatPesos(r[key]),
});

const ACTIVE_COLUMNS: Column<Aporte>[] = [
  { key: "fecha", header: "Fecha", render: (r) => formatDateAR(r.fecha) },
  { key: "cuit", header: "CUIL" },
  { key: "nro_legajo", header: "Legajo" },
  { key: "ubicacion", header: "Ubicación" },
  money("rem_imponible", "Rem. Imponible"),
  money("rem_no_imponible", "Rem. No Imponible"),
  money("aporte_afiliado", "Aporte Afiliado"),
  money("aporte_patronal", "Aporte Patronal"),
  money("aporte_trasplantado", "Aporte Trasplantado"),
  money("aporte_solidario", "Aporte Solidario"),
  money("aporte_contribucion_solidario", "Contribución Solidaria Patronal"),
];

const RETIREE_COLUMNS: Column<Aporte>[] = [
  { key: "fecha", header: "Fecha", render: (r) => formatDateAR(r.fecha) },
  { key: "nro_beneficio_jub", header: "Beneficio" },
  { key: "cuit", header: "CUIL" },
  { key: "nro_concepto_jub", header: "Nro. Concepto" },
  money("suma_beneficios", "Suma de Beneficios"),
  { key: "concepto", header: "Concepto" },
];

export function AportesTab({ aportes, grupo }: { aportes: Aporte[]; grupo: string }) {
  const retiree = isRetiree(grupo);
  return (
    <section aria-labelledby="aportes-title" className="member-tab">
      <h3 id="aportes-title">Aportes {retiree ? "(Jubilados y Pensionados)" : "(Activos)"}</h3>
      <DataTable
        columns={retiree ? RETIREE_COLUMNS : ACTIVE_COLUMNS}
        rows={aportes}
        rowKey={(r) => `${r.fecha}-${r.cuit}-${aportes.indexOf(r)}`}
        caption="Aportes"
        captionHidden
        emptyText="No se registran aportes para el CUIL del afiliado"
        maxHeight="50vh"
      />
    </section>
  );
}
