import type { ReactNode } from "react";
import * as RadixDialog from "@radix-ui/react-dialog";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Optional text read as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (e.g. 'Exportar a Excel', 'Cerrar'). */
  footer?: ReactNode;
  /** Covers the viewport, with a title bar holding the title and a 'Cerrar' button. */
  fullScreen?: boolean;
  /** Width of the centred variant. */
  size?: "small" | "medium" | "large";
  className?: string;
};

/** Modal dialog (Radix: focus trap, Esc closes, focus returns to the opener). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  fullScreen = false,
  size = "medium",
  className,
}: DialogProps) {
  const variant = fullScreen ? "ui-dialog--full" : `ui-dialog--${size}`;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-dialog-overlay" />
        <RadixDialog.Content
          className={["ui-dialog", variant, className].filter(Boolean).join(" ")}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <header className="ui-dialog-header">
            <RadixDialog.Title className="ui-dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              {fullScreen ? (
                <button type="button" className="ui-button ui-button--secondary">
                  Cerrar
                </button>
              ) : (
                <button type="button" className="ui-icon-button" aria-label="Cerrar">
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </RadixDialog.Close>
          </header>
          {description && (
            <RadixDialog.Description className="ui-dialog-description">{description}</RadixDialog.Description>
          )}
          <div className="ui-dialog-body">{children}</div>
          {footer && <footer className="ui-dialog-footer">{footer}</footer>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding Dialog; wraps a button of your own (e.g. in the footer). */
export const DialogClose = RadixDialog.Close;
