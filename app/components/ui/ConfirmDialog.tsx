import type { ReactNode } from "react";
import * as AlertDialog from "@radix-ui/react-alert-dialog";

export type ConfirmDialogProps = {
  title: ReactNode;
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Called when the user confirms; the dialog then closes. */
  onConfirm: () => void;
  /** 'danger' paints the confirm button red (deletions). */
  tone?: "primary" | "danger";
  /** Controlled use. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Uncontrolled use: the element that opens the dialog (a button). */
  trigger?: ReactNode;
};

/**
 * Confirmation (Radix AlertDialog: focus starts on 'Cancelar', Esc cancels), e.g. 'Está seguro de
 * eliminar la ficha?' / 'No será posible revertir la operación!' / 'Si, eliminar la ficha!'.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel = "Cancelar",
  onConfirm,
  tone = "primary",
  open,
  onOpenChange,
  trigger,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-dialog-overlay" />
        <AlertDialog.Content
          className="ui-dialog ui-dialog--small ui-confirm"
          {...(text ? {} : { "aria-describedby": undefined })}
        >
          <AlertDialog.Title className="ui-dialog-title">{title}</AlertDialog.Title>
          {text && <AlertDialog.Description className="ui-dialog-description">{text}</AlertDialog.Description>}
          <div className="ui-dialog-footer">
            <AlertDialog.Cancel asChild>
              <button type="button" className="ui-button ui-button--secondary">
                {cancelLabel}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button
                type="button"
                className={tone === "danger" ? "ui-button ui-button--danger" : "ui-button ui-button--primary"}
                onClick={onConfirm}
              >
                {confirmLabel}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
