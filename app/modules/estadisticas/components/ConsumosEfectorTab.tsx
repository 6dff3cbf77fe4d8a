// Tab 'Consumos por Efector': one GET form with the professional search (Apellido, Nombre, 'Buscar Profesional':
// lists efectores to pick, which sets the provider code) and the consumption search (Código de Efector, Fecha
// Desde, Fecha Hasta, 'Buscar'); then the practices with counts, each opening its consumed authorisations.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form } from "@remix-run/react";
import { PeriodFields } from "~/components/reporting/PeriodFields";
import { Alert, Field } from "~/components/ui";
import type { ConsumoPractica } from "~/modules/estadisticas/rules";
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
import { ConsumosResultado } from "./ConsumosResultado";
import { ConsumosListado, type ConsumosListadoData } from "./ConsumosListado";
import { ConsumosProfesionales } from "./ConsumosProfesionales";
import type { Efector } from "~/modules/prestadores/rules";

/** Apellido / Nombre sized to a usual name (the code's field is sized to a code): both fit one row at 390 px. */
const NAME_SIZE = 14;

export type ConsumosEfectorTabProps = {
  values: ScreenValues;
  efector: Efector | null;
  aviso: Aviso | null;
  profesionales: Efector[] | null;
  consumos: { rows: ConsumoPractica[]; datos_al: string } | null;
  listado: ConsumosListadoData | null;
  /** 'Exportar a PDF' of the practices (and the open practice's list); null without operation 35. */
  pdfHref: string | null;
  busy: boolean;
  href: (values: Partial<ScreenValues>, extra?: Record<string, string | null | undefined>) => string;
};

export function ConsumosEfectorTab({
  values,
  efector,
  aviso,
  profesionales,
  consumos,
  listado,
  pdfHref,
  busy,
  href,
}: ConsumosEfectorTabProps) {
  const f = useEfectorForm(values, efector, aviso, [profesionales, consumos]);
  const base = { ...values };
  return (
    <div className="consumos-efector">
      <Form
        method="get"
        action={SCREEN_PATH}
        className="consumos-form"
        noValidate
        ref={f.formRef}
        onKeyDown={f.onKeyDown}
        onSubmit={f.onSubmit}
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
            error={f.errors.apellido}
            inputProps={{ defaultValue: values.apellido, maxLength: MAX_NOMBRE, size: NAME_SIZE, autoComplete: "off" }}
          />
          <Field
            label="Nombre"
            name="nombre"
            id="consumos-nombre"
            error={f.errors.nombre}
            inputProps={{ defaultValue: values.nombre, maxLength: MAX_NOMBRE, size: NAME_SIZE, autoComplete: "off" }}
          />
          <button
            ref={f.profButton}
            type="submit"
            name="buscar"
            value={BUSCAR_PROF}
            className="ui-button ui-button--secondary"
            disabled={busy}
          >
            Buscar Profesional
          </button>
        </fieldset>
        {profesionales && !f.listaCerrada && (
          <ConsumosProfesionales
            rows={profesionales}
            hrefFor={(e) => href({ ...base, codigo_efector: e.codigo })}
            onPick={f.pick}
          />
        )}
        <EfectorFieldset values={values} f={f} busy={busy} />
      </Form>
      {f.msg && (
        <Alert severity="error" className="consumos-aviso">
          {f.msg.msg}
        </Alert>
      )}
      {consumos && (
        <ConsumosResultado values={values} efector={efector} consumos={consumos} href={href} pdfHref={pdfHref} />
      )}
      {listado && (
        <ConsumosListado data={listado} closeHref={href(base, { buscar: BUSCAR_CONSUMOS })} pdfHref={pdfHref} />
      )}
    </div>
  );
}

/**
 * The form's state: the code typed or picked (and the professional it names), the professionals' list closed once
 * one is picked, and the browser's own check; all start again from each answer of the loader.
 */
function useEfectorForm(values: ScreenValues, efector: Efector | null, aviso: Aviso | null, answers: unknown[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const profButton = useRef<HTMLButtonElement>(null);
  const buscarButton = useRef<HTMLButtonElement>(null);
  const [codigo, setCodigo] = useState(values.codigo_efector);
  const [elegido, setElegido] = useState<Efector | null>(efector);
  const [listaCerrada, setListaCerrada] = useState(false);
  const [clientMsg, setClientMsg] = useState<{ form: string; msg: string } | null>(null);
  const [profesionales, consumos] = answers;
  useEffect(() => {
    setCodigo(values.codigo_efector);
    setElegido(efector);
    setListaCerrada(false);
    setClientMsg(null);
  }, [values.codigo_efector, efector, profesionales, consumos, aviso]);

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
  return {
    formRef,
    profButton,
    buscarButton,
    codigo,
    setCodigo,
    listaCerrada,
    msg: clientMsg ?? aviso,
    errors: clientMsg ? {} : (aviso?.errors ?? {}),
    shownEfector: elegido && elegido.codigo === codigo.trim() ? elegido : null,
    onKeyDown,
    onSubmit,
    pick,
  };
}

/** 'Consumos del efector': the code (and the professional it names), the period and 'Buscar'. */
function EfectorFieldset({
  values,
  f,
  busy,
}: {
  values: ScreenValues;
  f: ReturnType<typeof useEfectorForm>;
  busy: boolean;
}) {
  const { shownEfector } = f;
  return (
    <fieldset className="consumos-fieldset filters">
      <legend>Consumos del efector</legend>
      <Field label="Código de Efector" name="codigo_efector" id="consumos-codigo" error={f.errors.codigo_efector}>
        <input
          className="ui-input"
          value={f.codigo}
          onChange={(e) => f.setCodigo(e.target.value)}
          maxLength={MAX_CODIGO}
          size={10}
          autoComplete="off"
        />
      </Field>
      <p className="consumos-efector-nombre" aria-live="polite">
        {shownEfector ? `${shownEfector.nommedefector ?? ""} (Mat. ${shownEfector.matmedefector ?? "-"})` : ""}
      </p>
      <div className="consumos-periodo">
        {/* new dates from the loader (the kept filters restored, a ranking row's period) make new fields: a date
            input shows its first value only */}
        <PeriodFields key={`${values.fecha_desde}|${values.fecha_hasta}`} values={values} errors={f.errors} />
        <button
          ref={f.buscarButton}
          type="submit"
          name="buscar"
          value={BUSCAR_CONSUMOS}
          className="ui-button ui-button--primary"
          disabled={busy}
        >
          {busy ? "Buscando..." : "Buscar"}
        </button>
      </div>
    </fieldset>
  );
}
