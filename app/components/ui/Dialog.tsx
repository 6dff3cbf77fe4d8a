import { useId, type ReactNode } from "react";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useScrollRegion } from "./useScrollRegion";

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
  /** Where the focus goes when it closes (default: back to what had it before it opened). */
  onCloseAutoFocus?: (event: Event) => void;
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
  onCloseAutoFocus,
}: DialogProps) {
  const variant = fullScreen ? "ui-dialog--full" : `ui-dialog--${size}`;
  const titleId = useId();
  // The body scrolls (overflow: auto): while it does, a keyboard must reach it, named after the title.
  const body = useScrollRegion<HTMLDivElement>({ "aria-labelledby": titleId });
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-dialog-overlay" />
        <RadixDialog.Content
          className={["ui-dialog", variant, className].filter(Boolean).join(" ")}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <header className="ui-dialog-header">
            <RadixDialog.Title className="ui-dialog-title">
              <span id={titleId}>{title}</span>
            </RadixDialog.Title>
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
          <div ref={body.ref} className="ui-dialog-body" {...body.props}>
            {children}
          </div>
          {footer && <footer className="ui-dialog-footer">{footer}</footer>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding Dialog; wraps a button of your own (e.g. in the footer). */
export const DialogClose = RadixDialog.Close;
