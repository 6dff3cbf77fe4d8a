// The public coverage lookup screen, shared by /consulta-coberturas-esp (own page) and /consulta-coberturas
// (inside the shell). A POST form: works without JavaScript and keeps the DNI out of URLs and history.
// Lookup errors (unknown DNI, too many lookups, service down) open the popup 'Error al obtener información'
// with the server message (spec §8); without JavaScript the page shows the same title and message as an alert
// block with a 'Cerrar' link. A malformed DNI stays under the field.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Dialog, Field, useHydrated } from "~/components/ui";
import { Cartillas } from "./Cartillas";
import { ResultadoCoberturas } from "./ResultadoCoberturas";
import { SoporteFooter } from "./SoporteFooter";
import { ERROR_TITLE, MSG_SIN_RESULTADO } from "~/lib/messages";
import type { ConsultaActionData } from "./types";

/** The server message of a failed lookup (shown under 'Error al obtener información'), or null. */
function lookupError(data: ConsultaActionData | undefined): string | null {
  if (!data) return null;
  if ("notFound" in data) return MSG_SIN_RESULTADO;
  if ("error" in data) return data.error;
  return null;
}

/** The popup with JavaScript; without it (and before hydration) the same title and message in the page. */
function LookupError({ path, data }: { path: string; data: ConsultaActionData | undefined }) {
  const hydrated = useHydrated();
  const msg = lookupError(data);
  const [closed, setClosed] = useState<ConsultaActionData | undefined>(undefined);
  useEffect(() => {
    // the popup has no trigger (it opens on the answer): closing it puts the focus back in the DNI field
    if (closed && closed === data) {
      const t = window.setTimeout(
        () => document.querySelector<HTMLInputElement>(".cob-form input[name=dni]")?.focus(),
        0,
      );
      return () => window.clearTimeout(t);
    }
  }, [closed, data]);
  if (!msg) return null;
  if (!hydrated) {
    return (
      <section className="cob-error" role="alert" aria-labelledby="cob-error-title">
        <h2 id="cob-error-title">{ERROR_TITLE}</h2>
        <p>{msg}</p>
        <a className="ui-button ui-button--secondary" href={path}>
          Cerrar
        </a>
      </section>
    );
  }
  return (
    <Dialog
      open={closed !== data}
      onOpenChange={(open) => {
        if (!open) {
          setClosed(data);
        }
      }}
      title={ERROR_TITLE}
      size="small"
    >
      <p>{msg}</p>
    </Dialog>
  );
}

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
          inputProps={{
            defaultValue: data?.dni ?? "",
            inputMode: "numeric",
            autoComplete: "off",
            maxLength: 20,
            required: true,
          }}
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

      <LookupError path={path} data={data} />
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
