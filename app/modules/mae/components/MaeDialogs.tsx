// The MAE screens' dialogs (spec §5, §8): the result dialog titled 'Operación Exitosa' (gone after 2 s) or 'No es
// posible guardar' (until closed), and the confirmations — a ConfirmDialog with JavaScript, a step addressed by the
// URL without it (a section of the page, where the link pointed, with a POST form and 'Cancelar').
import { Form, Link, useNavigate, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import { Alert, ConfirmDialog, Dialog, useAutoHide, useHydrated } from "~/components/ui";
import { MENSAJE_MAE_MS, type Confirmacion } from "~/modules/mae/rules";
import type { Popup } from "./types";

/**
 * The result of the last write. `resetKey` changes with every new answer (the action data, or the navigation), so
 * the same message shows again after another save. Without JavaScript: an Alert that stays (and only then).
 */
export function ResultadoDialog({ popup, resetKey }: { popup: Popup | null; resetKey: unknown }) {
  const hydrated = useHydrated();
  const [closedKey, setClosedKey] = useState<unknown>(undefined);
  const shown = popup && closedKey !== resetKey ? popup : null;
  const timed = useAutoHide(shown?.tone === "success" ? shown.msg : null, MENSAJE_MAE_MS, resetKey);
  // One message per save (issue 28): without JavaScript an Alert on the page; with it only the dialog — the Alert of
  // the server's HTML is inside <noscript>, so a page loaded with JavaScript never shows it before the dialog.
  if (!hydrated) {
    return popup ? (
      <noscript>
        <Alert severity={popup.tone} title={popup.title} className="mae-resultado">
          {popup.msg}
        </Alert>
      </noscript>
    ) : null;
  }
  const open = shown != null && (shown.tone === "error" || timed != null);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && setClosedKey(resetKey)}
      title={shown?.title ?? ""}
      size="small"
      className={shown ? `mae-dialog--${shown.tone}` : undefined}
    >
      <p role={shown?.tone === "error" ? "alert" : "status"}>{shown?.msg}</p>
    </Dialog>
  );
}

/** With JavaScript: the confirmation of `c`; `onConfirm` submits. */
export function Confirmacion({
  c,
  open,
  onConfirm,
  onClose,
}: {
  c: Confirmacion | null;
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open && c != null}
      onOpenChange={(o) => !o && onClose()}
      title={c?.title ?? ""}
      text={c?.text}
      confirmLabel={c?.confirmLabel ?? "Aceptar"}
      cancelLabel={c?.cancelLabel}
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}

/**
 * The confirmation as a step addressed by the URL (?confirmar=…#id): without JavaScript a section of the page (where
 * the link pointed) with the question, what it applies to, and a POST form with the intent — 'Cancelar' goes back
 * to `closeHref`; with JavaScript (the URL opened directly) the same confirmation as a dialog.
 */
export function ConfirmacionUrl({
  id,
  c,
  which,
  action,
  closeHref,
  fields,
}: {
  id: string;
  c: Confirmacion;
  which?: string | null;
  action: string;
  closeHref: string;
  fields: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const submit = useSubmit();
  const confirming = useRef(false);
  if (hydrated) {
    return (
      <ConfirmDialog
        open
        title={c.title}
        text={[c.text, which].filter(Boolean).join(" — ") || undefined}
        confirmLabel={c.confirmLabel}
        cancelLabel={c.cancelLabel}
        tone="danger"
        onOpenChange={(open) => {
          if (!open && !confirming.current) navigate(closeHref, { replace: true, preventScrollReset: true });
        }}
        onConfirm={() => {
          confirming.current = true;
          submit(fields, { method: "post", action, preventScrollReset: true });
        }}
      />
    );
  }
  return (
    <section
      id={id}
      className="mae-confirmacion"
      role="alertdialog"
      aria-labelledby={`${id}-titulo`}
      aria-describedby={c.text ? `${id}-texto` : undefined}
    >
      <h3 id={`${id}-titulo`}>{c.title}</h3>
      {c.text ? <p id={`${id}-texto`}>{c.text}</p> : null}
      {which ? <p className="mae-confirmacion-which">{which}</p> : null}
      <Form method="post" action={action} className="mae-acciones">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Link className="ui-button ui-button--secondary" to={closeHref}>
          {c.cancelLabel}
        </Link>
        <button type="submit" className="ui-button ui-button--danger">
          {c.confirmLabel}
        </button>
      </Form>
    </section>
  );
}
