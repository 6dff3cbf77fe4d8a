// Errors of the reports (spec part 2 §8): a popup 'Error al obtener información' with the server's message. Without
// JavaScript the same title and message sit in the page as an alert with a 'Cerrar' link.
import { useEffect, useState } from "react";
import { useNavigate } from "@remix-run/react";
import { Alert, Dialog, DialogClose, useHydrated } from "~/components/ui";
import { ERROR_TITLE } from "~/lib/messages";

export function ConsumosErrorPopup({ msg, closeHref }: { msg: string | null; closeHref: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [open, setOpen] = useState(Boolean(msg));
  useEffect(() => setOpen(Boolean(msg)), [msg]);
  if (!msg) return null;
  if (!hydrated) {
    return (
      <Alert severity="error" title={ERROR_TITLE} className="consumos-error">
        {msg} <a href={closeHref}>Cerrar</a>
      </Alert>
    );
  }
  return (
    <Dialog
      open={open}
      size="small"
      title={ERROR_TITLE}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
      footer={
        <DialogClose asChild>
          <button type="button" className="ui-button ui-button--primary">
            Aceptar
          </button>
        </DialogClose>
      }
    >
      <p role="alert">{msg}</p>
    </Dialog>
  );
}
