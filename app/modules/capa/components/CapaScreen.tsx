// The screen of /regcapa and /regcapa/{id}: one conform form (CapaSchema in the browser and in the action) whose
// values restart after a member lookup (keeping everything typed) and after a successful save (new: empty; edit: as
// saved), the save dialogs, and the links to a new record and to the list.
import { useForm } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { z } from "~/lib/zod";
import { Alert, Busy, checkFormWith } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { BUSCAR_AFILIADO, CapaSchema, filaBuscada } from "~/modules/capa/capa.schema";
import { CapaForm } from "./CapaForm";
import { ErrorDialog, SuccessDialog, UltimoRegistro } from "./CapaMessages";
import type { CapaActionResult, CapaFormValue, CapaScreenData } from "./types";

const DniOnly = z.object({ afi_dni: CapaSchema.shape.afi_dni });
/** A household lookup validates nothing in the browser: the server looks the row's DNI up, or stays silent. */
const Anything = z.object({});

export type CapaScreenProps = {
  data: CapaScreenData & { today: string; action: string };
  answer: CapaActionResult | undefined;
};

export function CapaScreen({ data, answer }: CapaScreenProps) {
  const navigation = useNavigation();
  // The last lookup on this page restarts the form with its values (every other value kept); a save (a new
  // data.key) forgets it.
  const lookup = useRef<{ answer: Extract<CapaActionResult, { kind: "buscar" }>; key: string } | null>(null);
  if (answer?.kind === "buscar" && answer.key === data.base && lookup.current?.answer !== answer)
    lookup.current = { answer, key: data.key };
  if (lookup.current && lookup.current.key !== data.key) lookup.current = null;
  const found = lookup.current?.answer;
  const formId = `capa-${data.key}${found ? `-${found.at}` : ""}`;
  const current = answer && answer.key === data.base ? answer : undefined;
  const lastResult = current?.kind === "form" ? current.result : undefined;

  const [form, fields] = useForm<CapaFormValue>({
    id: formId,
    lastResult,
    defaultValue: (found?.values ?? data.defaults) as never,
    onValidate({ formData, submitter }) {
      const intent = submitter?.getAttribute("name") === "intent" ? (submitter as HTMLButtonElement).value : null;
      const schema = intent === BUSCAR_AFILIADO ? DniOnly : filaBuscada(intent) != null ? Anything : CapaSchema;
      return checkFormWith(formData, schema, CapaSchema);
    },
    // Checked at 'Guardar' (and a field again as it is corrected), never when a field loses the focus: a check on
    // blur shows an error that moves the buttons below it under the pointer, and the click on 'Agregar integrante',
    // 'Quitar' or 'Guardar' that took the focus was lost (issue 28).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const posting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const intent = posting ? navigation.formData?.get("intent") : null;
  const busyLabel =
    intent === BUSCAR_AFILIADO || filaBuscada(intent) != null ? "Buscando afiliado..." : "Guardando ficha...";
  const popup = current?.popup ?? null;
  const ultimo = data.mode === "new" ? (data.success?.nro ?? null) : null;

  return (
    <section className="screen capa-screen" aria-labelledby="capa-heading">
      <h2 id="capa-heading" className="capa-heading">
        {data.mode === "edit"
          ? `Registro N° ${data.nroRegistro} del ${formatDateAR(data.fechaRegistracion)}`
          : "Nuevo registro"}
      </h2>
      <SuccessDialog success={data.success} stamp={data.key} noticed={ultimo != null} />
      <ErrorDialog popup={popup} />
      {!data.canSave && (
        <Alert severity="info">
          {data.mode === "edit"
            ? "No tiene permiso para modificar fichas CAPA: la ficha se muestra sin edición."
            : "No tiene permiso para registrar fichas CAPA."}
        </Alert>
      )}
      <UltimoRegistro nro={ultimo} />
      {/* Remounted once conform has reset to the new values (its root key changes then): the first render after a
          new formId still carries the old state, and uncontrolled inputs would keep those values. */}
      <CapaForm
        key={`${formId}-${form.key ?? ""}`}
        form={form}
        fields={fields}
        mode={data.mode}
        action={data.action}
        readOnly={!data.canSave}
        today={data.today}
      />
      <nav className="capa-links" aria-label="Otras acciones">
        {data.mode === "edit" && (
          <Link to="/regcapa" className="ui-button ui-button--secondary">
            Nuevo registro
          </Link>
        )}
        <Link to="/listado-capa" className="ui-button ui-button--secondary">
          Ir al listado
        </Link>
      </nav>
      <Busy busy={posting} fullScreen label={busyLabel} />
    </section>
  );
}
