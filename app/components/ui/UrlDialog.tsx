import type { ReactNode } from "react";
import { useNavigate } from "@remix-run/react";
import { Dialog, type DialogProps } from "./Dialog";
import { InlinePanel } from "./InlinePanel";
import { useHydrated } from "./useHydrated";

export type UrlDialogProps = {
  /** id of the inline panel's heading (without JavaScript). */
  id: string;
  title: string;
  /** The screen's URL without the dialog's query parameters: closing (Esc, ×, 'Cerrar') goes there. */
  closeHref: string;
  children: ReactNode;
  size?: DialogProps["size"];
  /** Class of the inline panel. */
  className?: string;
  /** Class of the modal Dialog (e.g. a coloured header). */
  dialogClassName?: string;
  /** The content has its own close control (a form's 'Cancelar'): the inline panel shows no 'Cerrar' (issue 39). */
  ownClose?: boolean;
};

/**
 * A dialog whose being open is in the URL (a GET link opened it): a modal Dialog once JavaScript runs, closed by
 * replacing the URL with `closeHref`; before that (or without JavaScript) the same content as an InlinePanel with
 * a 'Cerrar' link.
 */
export function UrlDialog({
  id,
  title,
  closeHref,
  children,
  size = "large",
  className,
  dialogClassName,
  ownClose,
}: UrlDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <InlinePanel id={id} title={title} closeHref={closeHref} className={className} ownClose={ownClose}>
        {children}
      </InlinePanel>
    );
  }
  return (
    <Dialog
      open
      size={size}
      title={title}
      className={dialogClassName}
      onOpenChange={(open) => !open && navigate(closeHref, { preventScrollReset: true, replace: true })}
    >
      {children}
    </Dialog>
  );
}
