// The dialogs of a CAPA save (spec part 2 §8, §9): 'Operacion Exitosa' with the success message, closing itself
// after 1 s (or when the user closes it); on failure a dialog titled with the error message, until the user closes
// it. Without JavaScript both are alerts at the top of the form, which stay.
import { useState } from "react";
import { Alert, Dialog, useAutoHide, useHydrated } from "~/components/ui";
import { MENSAJE_MS, SUCCESS_TITLE } from "~/modules/capa/rules";
import type { CapaPopup } from "./types";

export type Success = { msg: string; nro: number | null };

function SuccessText({ s }: { s: Success }) {
  return (
    <>
      <p>{s.msg}</p>
      {s.nro != null && <p>N° de registro: {s.nro}</p>}
    </>
  );
}

/** `stamp` identifies one save (a revalidation of the same page does not show it again). */
export function SuccessDialog({ success, stamp }: { success: Success | null; stamp: string }) {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState<string | null>(null);
  const timed = useAutoHide(hydrated && success ? success : null, MENSAJE_MS, stamp);
  if (!hydrated)
    return success ? (
      <Alert severity="success" title={SUCCESS_TITLE}>
        <SuccessText s={success} />
      </Alert>
    ) : null;
  const open = Boolean(timed) && closed !== stamp;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && setClosed(stamp)} title={SUCCESS_TITLE} size="small">
      {success && <SuccessText s={success} />}
    </Dialog>
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
