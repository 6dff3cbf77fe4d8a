// The popups of the ficha screen (spec part 1 §8): success for 1.5 s without a button; 'Error al crear Ficha'
// cleared after 2 s; 'Afiliado No Existe' with the server message. Without JavaScript: Alerts that stay.
import { useState } from "react";
import { Alert, Dialog, useAutoHide, useHydrated } from "~/components/ui";
import type { Popup } from "./types";

const SUCCESS_MS = 1500;
const ERROR_MS = 2000;

export function SuccessPopup({ msg }: { msg: string | null }) {
  const hydrated = useHydrated();
  const shown = useAutoHide(hydrated ? msg : null, SUCCESS_MS);
  if (!hydrated) return msg ? <Alert severity="success" title={msg} /> : null;
  return shown ? <Alert severity="success" title={shown} className="ficha-toast" /> : null;
}

/** `popup` changes identity with every action answer, so the same message shows again after a new submit. */
export function ErrorPopup({ popup }: { popup: Popup | null }) {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState<Popup | null>(null);
  const current = popup === closed ? null : popup;
  // 'Error al crear Ficha' goes away by itself; 'Afiliado No Existe' stays until closed.
  const timed = useAutoHide(current?.kind === "error" ? current : null, ERROR_MS);
  const open = current?.kind === "error" ? (timed ?? null) : current;
  if (!hydrated)
    return popup ? (
      <Alert severity="error" title={popup.title}>
        {popup.msg}
      </Alert>
    ) : null;
  return (
    <Dialog open={Boolean(open)} onOpenChange={(o) => !o && setClosed(popup)} title={open?.title ?? ""} size="small">
      <p>{open?.msg}</p>
    </Dialog>
  );
}
