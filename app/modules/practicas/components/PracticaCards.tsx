// Results of 'Consulta de Prácticas': one card per practice with its count and 'Ver Listado'.
import { Link } from "@remix-run/react";
import type { PracticaInforme } from "~/modules/practicas/informe.schema";
import { formatCount } from "~/lib/numbers";

export function PracticaCards({ rows, hrefFor }: { rows: PracticaInforme[]; hrefFor: (r: PracticaInforme) => string }) {
  return (
    <ul className="prac-cards" aria-label="Prácticas">
      {rows.map((r) => {
        const code = r.subitem ? `${r.practica}-${r.subitem}` : r.practica;
        return (
          <li key={code} className="prac-card">
            <h3 className="prac-card-title">{r.descpractica || "(sin descripción)"}</h3>
            <p className="prac-card-code">Código {code}</p>
            <p className="prac-card-count">
              <strong>{formatCount(r.cantidad)}</strong> {r.cantidad === 1 ? "autorización" : "autorizaciones"}
            </p>
            <Link to={hrefFor(r)} preventScrollReset className="ui-button ui-button--secondary">
              Ver Listado<span className="ui-sr-only"> de {r.descpractica}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
