// Links to the coverage booklets (static PDFs under public/cartillas/, spec part 1 §2).
import { BOOKLET_CODES, bookletHref } from "~/modules/coberturas/consulta.schema";

/** Names of the coverages with a booklet (as the coverage table of the registry names them). */
const BOOKLET_NAMES: Record<number, string> = {
  3: "ONCOLOGIA",
  8: "DIABETES",
  20: "DISCAPACIDAD",
  40: "HIV / SIDA",
  41: "TRASPLANTADOS",
  42: "CELIAQUIA",
  43: "HIPOTIROIDISMO",
  44: "HIPERTENSION ARTERIAL",
  45: "ESCLEROSIS MULTIPLE",
};

export function Cartillas() {
  return (
    <nav className="cob-cartillas" aria-labelledby="cob-cartillas-title">
      <h2 id="cob-cartillas-title">Cartillas de coberturas especiales</h2>
      <ul>
        {BOOKLET_CODES.map((code) => (
          <li key={code}>
            <a href={bookletHref(code)!} target="_blank" rel="noopener noreferrer">
              {code} - {BOOKLET_NAMES[code]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
