// The dialogs of a CAPA save (spec part 2 §8, §9): 'Operacion Exitosa' with the success message and the record's
// number, open until the user closes it (ADR 054: the spec's 1 s is too short to note the number); on failure a
// dialog titled with the error message, until the user closes it. Without JavaScript both are alerts at the top of
// the form, which stay. After a registration the number also stays above the restarted form ('Último registro').
import { useState } from "react";
import { Alert, Dialog, useHydrated } from "~/components/ui";
import { SUCCESS_TITLE, ultimoRegistroText } from "~/modules/capa/rules";
import type { CapaPopup } from "./types";

export type Success = { msg: string; nro: number | null };

function SuccessText({ s, nro = true }: { s: Success; nro?: boolean }) {
  return (
    <>
      <p>{s.msg}</p>
      {nro && s.nro != null && <p>N° de registro: {s.nro}</p>}
    </>
  );
}

/** The form's first field the user can type in (the DNI of a new record, the locality of a saved one). */
const FIRST_FIELD = ".capa-form input:not([type=hidden]):not([readonly]):not([disabled])";

/** Closing the success dialog puts the focus in the form, ready for the next record (the opener is gone). */
function focusForm(event: Event) {
  const target = document.querySelector<HTMLElement>(FIRST_FIELD);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * `stamp` identifies one save (a revalidation of the same page does not show it again). `noticed`: the number is
 * shown by the 'Último registro' notice, so the alert without JavaScript does not repeat it.
 */
export function SuccessDialog({
  success,
  stamp,
  noticed,
}: {
  success: Success | null;
  stamp: string;
  noticed: boolean;
}) {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState<string | null>(null);
  if (!hydrated)
    return success ? (
      <Alert severity="success" title={SUCCESS_TITLE}>
        <SuccessText s={success} nro={!noticed} />
      </Alert>
    ) : null;
  const open = success != null && closed !== stamp;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && setClosed(stamp)}
      title={SUCCESS_TITLE}
      size="small"
      onCloseAutoFocus={focusForm}
    >
      {success && <SuccessText s={success} />}
    </Dialog>
  );
}

/** The number of the last record registered, above the restarted form (new records only; null: nothing). */
export function UltimoRegistro({ nro }: { nro: number | null }) {
  if (nro == null) return null;
  return (
    <p role="status" className="capa-ultimo">
      {ultimoRegistroText(nro)}
    </p>
  );
}

/** `popup` changes identity with every action answer, so the same message shows again after a new submit. */
export function ErrorDialog({ popup }: { popup: CapaPopup | null }) {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState<CapaPopup | null>(null);
  if (!hydrated)
    return popup ? (
      <Alert severity="error" title={popup.title}>
        {popup.detail}
      </Alert>
    ) : null;
  const open = popup != null && popup !== closed;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && setClosed(popup)} title={popup?.title ?? ""} size="small">
      {popup?.detail ? <p>{popup.detail}</p> : null}
    </Dialog>
  );
}
