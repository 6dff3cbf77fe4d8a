// Ficha de Consumo tab of the member detail (operation 15): sub-tabs 'Listado de Autorizaciones' and
// 'Consumo Medicamentos' as links (?sub=…) that keep the other parameters, so it works without JavaScript.
import { Link } from "@remix-run/react";
import stylesHref from "~/styles/autorizaciones.css";
import { AutorizacionesPanel } from "./AutorizacionesPanel";
import { ConsumoMedicamentosPanel } from "./ConsumoMedicamentosPanel";
import { hrefWith } from "~/modules/afiliados/detalle-query";
import type { FichaConsumoData } from "~/modules/afiliados/autorizaciones.schema";

/** Stylesheet of the Ficha de Consumo and Internaciones tabs, for the detail route's `links`. */
export const fichaConsumoStylesHref: string = stylesHref;

const SUBTABS = [
  { sub: "autorizaciones", label: "Listado de Autorizaciones" },
  { sub: "medicamentos", label: "Consumo Medicamentos" },
] as const;

export function FichaConsumoTab({ data }: { data: FichaConsumoData }) {
  return (
    <div className="ficha-consumo">
      <nav className="fc-subtabs" aria-label="Ficha de Consumo">
        {SUBTABS.map((t) => (
          <Link
            key={t.sub}
            to={hrefWith(data.keep, { sub: t.sub })}
            aria-current={data.sub === t.sub ? "page" : undefined}
            preventScrollReset
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {data.sub === "autorizaciones" && data.autorizaciones && (
        <AutorizacionesPanel data={data.autorizaciones} keep={data.keep} today={data.today} />
      )}
      {data.sub === "medicamentos" && data.medicamentos && (
        <ConsumoMedicamentosPanel data={data.medicamentos} keep={data.keep} />
      )}
    </div>
  );
}
