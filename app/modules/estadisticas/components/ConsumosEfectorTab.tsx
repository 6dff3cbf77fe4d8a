// Tab 'Consumos por Efector': one GET form with the professional search (Apellido, Nombre, 'Buscar Profesional':
// lists efectores to pick, which sets the provider code) and the consumption search (Código de Efector, Fecha
// Desde, Fecha Hasta, 'Buscar'); then the practices with counts, each opening its consumed authorisations.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, Link } from "@remix-run/react";
import { PeriodFields } from "~/components/reporting/PeriodFields";
import { Alert, DataTable, Field, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { MSG_SIN_RESULTADO } from "~/lib/messages";
import type { ConsumoPractica } from "~reporting/index";
import {
  BUSCAR_CONSUMOS,
  BUSCAR_PROF,
  camposProblem,
  MAX_CODIGO,
  SCREEN_PATH,
  TAB_EFECTOR,
  type Aviso,
  type ScreenValues,
} from "~/modules/estadisticas/consumos.schema";
import { MAX_NOMBRE, MSG_APELLIDO_O_NOMBRE } from "~/modules/prestadores/profesionales.schema";
import { countColumn } from "./columns";
import { ConsumosListado, type ConsumosListadoData } from "./ConsumosListado";
import { ConsumosProfesionales } from "./ConsumosProfesionales";
import type { Efector } from "~/modules/prestadores/rules";
import { formatCount } from "~/lib/numbers";

export type ConsumosEfectorTabProps = {
  values: ScreenValues;
  efector: Efector | null;
  aviso: Aviso | null;
  profesionales: Efector[] | null;
  consumos: { rows: ConsumoPractica[]; datos_al: string } | null;
  listado: ConsumosListadoData | null;
  busy: boolean;
  href: (values: Partial<ScreenValues>, extra?: Record<string, string | null | undefined>) => string;
};

const practicaLabel = (r: { practica: string; subitem: string }) =>
  r.subitem ? `${r.practica} / ${r.subitem}` : r.practica;

export function ConsumosEfectorTab({
  values,
  efector,
  aviso,
  profesionales,
  consumos,
  listado,
  busy,
  href,
}: ConsumosEfectorTabProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const profButton = useRef<HTMLButtonElement>(null);
  const buscarButton = useRef<HTMLButtonElement>(null);
  const [codigo, setCodigo] = useState(values.codigo_efector);
  const [elegido, setElegido] = useState<Efector | null>(efector);
  const [listaCerrada, setListaCerrada] = useState(false);
  const [clientMsg, setClientMsg] = useState<{ form: string; msg: string } | null>(null);
  useEffect(() => {
    setCodigo(values.codigo_efector);
    setElegido(efector);
    setListaCerrada(false);
    setClientMsg(null);
  }, [values.codigo_efector, efector, profesionales, consumos, aviso]);

  const msg = clientMsg ?? aviso;
  const errors = clientMsg ? {} : (aviso?.errors ?? {});
  const shownEfector = elegido && elegido.codigo === codigo.trim() ? elegido : null;

  // Enter in Apellido/Nombre searches professionals; anywhere else it runs the consumption search.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== "Enter" || target.tagName !== "INPUT") return;
    e.preventDefault();
    const name = (target as HTMLInputElement).name;
    formRef.current?.requestSubmit(
      name === "apellido" || name === "nombre" ? profButton.current : buscarButton.current,
    );
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(e.currentTarget);
    const get = (k: string) => String(data.get(k) ?? "").trim();
    let problem: string | null = null;
    if (submitter?.value === BUSCAR_PROF) problem = get("apellido") || get("nombre") ? null : MSG_APELLIDO_O_NOMBRE;
    else problem = camposProblem(data, ["codigo_efector", "fecha_desde", "fecha_hasta"]);
    if (problem) {
      e.preventDefault();
      setClientMsg({ form: submitter?.value ?? BUSCAR_CONSUMOS, msg: problem });
    } else setClientMsg(null);
  };
  const pick = (e: Efector) => {
    setCodigo(e.codigo);
    setElegido(e);
    setListaCerrada(true);
    setClientMsg(null);
    requestAnimationFrame(() => document.getElementById("consumos-codigo")?.focus());
  };

  const columns: Column<ConsumoPractica>[] = [
    { key: "practica", header: "Práctica", render: (r) => practicaLabel(r), value: (r) => practicaLabel(r) },
    { key: "descpractica", header: "Descripción" },
    countColumn("cant_practica", "Cantidad", (r) => r.cant_practica),
    countColumn("cant_autorizaciones", "Autorizaciones", (r) => r.cant_autorizaciones),
  ];
  const base = { ...values };
  const total = consumos?.rows.reduce((s, r) => s + r.cant_practica, 0) ?? 0;

  return (
    <div className="consumos-efector">
      <Form
        method="get"
        action={SCREEN_PATH}
        className="consumos-form"
        noValidate
        ref={formRef}
        onKeyDown={onKeyDown}
        onSubmit={onSubmit}
      >
        <input type="hidden" name="tab" value={TAB_EFECTOR} />
        {values.ranking_desde && <input type="hidden" name="ranking_desde" value={values.ranking_desde} />}
        {values.ranking_hasta && <input type="hidden" name="ranking_hasta" value={values.ranking_hasta} />}
        <fieldset className="consumos-fieldset filters">
          <legend>Buscar profesional</legend>
          <Field
            label="Apellido"
            name="apellido"
            id="consumos-apellido"
            error={errors.apellido}
            inputProps={{ defaultValue: values.apellido, maxLength: MAX_NOMBRE, autoComplete: "off" }}
          />
          <Field
            label="Nombre"
            name="nombre"
            id="consumos-nombre"
            error={errors.nombre}
            inputProps={{ defaultValue: values.nombre, maxLength: MAX_NOMBRE, autoComplete: "off" }}
          />
          <button
            ref={profButton}
            type="submit"
            name="buscar"
            value={BUSCAR_PROF}
            className="ui-button ui-button--secondary"
            disabled={busy}
          >
            Buscar Profesional
          </button>
        </fieldset>
        {profesionales && !listaCerrada && (
          <ConsumosProfesionales
            rows={profesionales}
            hrefFor={(e) => href({ ...base, codigo_efector: e.codigo })}
            onPick={pick}
          />
        )}
        <fieldset className="consumos-fieldset filters">
          <legend>Consumos del efector</legend>
          <Field label="Código de Efector" name="codigo_efector" id="consumos-codigo" error={errors.codigo_efector}>
            <input
              className="ui-input"
              value={codigo}
              onChange={(e) => setCodigo(e.target.value)}
              maxLength={MAX_CODIGO}
              size={10}
              autoComplete="off"
            />
          </Field>
          <p className="consumos-efector-nombre" aria-live="polite">
            {shownEfector ? `${shownEfector.nommedefector ?? ""} (Mat. ${shownEfector.matmedefector ?? "-"})` : ""}
          </p>
          <PeriodFields values={values} errors={errors} />
          <button
            ref={buscarButton}
            type="submit"
            name="buscar"
            value={BUSCAR_CONSUMOS}
            className="ui-button ui-button--primary"
            disabled={busy}
          >
            {busy ? "Buscando..." : "Buscar"}
          </button>
        </fieldset>
      </Form>
      {msg && (
        <Alert severity="error" className="consumos-aviso">
          {msg.msg}
        </Alert>
      )}
      {consumos && (
        <section className="consumos-resultado" aria-labelledby="consumos-resultado-title">
          <h3 id="consumos-resultado-title">
            Consumos del efector {values.codigo_efector}
            {efector?.nommedefector ? ` - ${efector.nommedefector}` : ""} del {formatDateAR(values.fecha_desde)} al{" "}
            {formatDateAR(values.fecha_hasta)}
          </h3>
          {consumos.rows.length > 0 && (
            <p className="consumos-summary" role="status">
              {`${consumos.rows.length} prácticas, ${formatCount(total)} consumidas. Click sobre la práctica para ver las autorizaciones.`}
            </p>
          )}
          <DataTable
            caption="Prácticas consumidas"
            captionHidden
            columns={columns}
            rows={consumos.rows}
            rowKey={(r) => `${r.practica}/${r.subitem}`}
            emptyText={MSG_SIN_RESULTADO}
            rowHref={(r) => href(base, { buscar: BUSCAR_CONSUMOS, practica: r.practica, subitem: r.subitem })}
            renderLink={({ href: to, className, children }) => (
              <Link to={to} className={className} preventScrollReset>
                {children}
              </Link>
            )}
            maxHeight="60vh"
          />
        </section>
      )}
      {listado && <ConsumosListado data={listado} closeHref={href(base, { buscar: BUSCAR_CONSUMOS })} />}
    </div>
  );
}
