// The public coverage lookup screen, shared by /consulta-coberturas-esp (own page) and /consulta-coberturas
// (inside the shell). A POST form: works without JavaScript and keeps the DNI out of URLs and history.
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert, Field } from "~/components/ui";
import { ERROR_TITLE, NOT_FOUND, type ConsultaResultado } from "../schema";
import { Cartillas } from "./Cartillas";
import { ResultadoCoberturas } from "./ResultadoCoberturas";
import { SoporteFooter } from "./SoporteFooter";

/** What the action returns to the screen. */
export type ConsultaActionData =
  | { dni: string; resultado: ConsultaResultado }
  | { dni: string; fieldError: string }
  | { dni: string; notFound: true }
  | { dni: string; error: string };

export function ConsultaCoberturas({ path, data }: { path: string; data: ConsultaActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === path;
  const resultado = data && "resultado" in data ? data.resultado : null;
  return (
    <div className="cob-screen">
      <Form method="post" action={path} className="filters cob-form" key={data ? "consulta" : "vacia"} noValidate>
        <Field
          label="DNI"
          name="dni"
          error={data && "fieldError" in data ? data.fieldError : null}
          inputProps={{ defaultValue: data?.dni ?? "", inputMode: "numeric", autoComplete: "off", maxLength: 20, required: true }}
        />
        <div className="cob-hp" aria-hidden="true">
          <label htmlFor="cob-website">Sitio web (no completar)</label>
          <input id="cob-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
          {busy ? "Consultando..." : "Consultar"}
        </button>
        {data && (
          <Link to={path} className="ui-button ui-button--secondary" replace>
            Volver
          </Link>
        )}
      </Form>

      {data && "notFound" in data && <p className="cob-empty" role="status">{NOT_FOUND}</p>}
      {data && "error" in data && (
        <Alert severity="error" title={ERROR_TITLE}>
          {data.error}
        </Alert>
      )}
      {resultado && (
        <>
          <ResultadoCoberturas data={resultado} />
          {resultado.afiliado.estado === "ACTIVO" && (
            <form method="post" action="/carnet-cobertura.pdf" className="cob-carnet">
              <input type="hidden" name="dni" value={resultado.afiliado.numdoc} />
              <button type="submit" className="ui-button ui-button--primary">
                Descargar Carnet
              </button>
            </form>
          )}
        </>
      )}
      <Cartillas />
      <SoporteFooter />
    </div>
  );
}
