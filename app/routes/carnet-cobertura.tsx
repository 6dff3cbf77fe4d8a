// 'Carnet de Cobertura' (public, spec part 1 §2; see tests/unit/route-guards.test.ts): with ?dni= it sends the
// browser to the PDF (/carnet-cobertura.pdf); without it, a small form asking for the DNI.
import { redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Field } from "~/components/ui";
import { queryOf } from "~/lib/input";
import { SoporteFooter } from "~/modules/coberturas/components/SoporteFooter";
import styles from "~/styles/coberturas.css";

const TITLE = "Carnet de Cobertura";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function loader({ request }: LoaderFunctionArgs) {
  const dni = queryOf(request).dni?.trim();
  if (dni) throw redirect(`/carnet-cobertura.pdf?dni=${encodeURIComponent(dni.slice(0, 20))}`);
  return null;
}

export default function CarnetCoberturaPage() {
  return (
    <main className="public-page">
      <h1 className="cob-page-title">{TITLE}</h1>
      <form method="post" action="/carnet-cobertura.pdf" className="filters" noValidate>
        <Field
          label="DNI"
          name="dni"
          inputProps={{ inputMode: "numeric", autoComplete: "off", maxLength: 20, required: true }}
        />
        <div className="cob-hp" aria-hidden="true">
          <label htmlFor="carnet-website">Sitio web (no completar)</label>
          <input id="carnet-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <button type="submit" className="ui-button ui-button--primary">
          Descargar Carnet
        </button>
      </form>
      <p>
        <a href="/consulta-coberturas-esp">Consulta de Coberturas Especiales</a>
      </p>
      <SoporteFooter />
    </main>
  );
}
