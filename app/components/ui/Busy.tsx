import type { ReactNode } from "react";
import { VisuallyHidden } from "@radix-ui/react-visually-hidden";

export type SpinnerProps = {
  /** Text for assistive technology (visually hidden). */
  label?: string;
  size?: "small" | "medium" | "large";
  className?: string;
};

/** An animated spinner announced as 'Cargando...'. */
export function Spinner({ label = "Cargando...", size = "medium", className }: SpinnerProps) {
  return (
    <span role="status" className={["ui-spinner", `ui-spinner--${size}`, className].filter(Boolean).join(" ")}>
      <span className="ui-spinner-circle" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

export type BusyProps = {
  busy: boolean;
  /** The area covered by the overlay; without children the overlay covers the nearest positioned ancestor. */
  children?: ReactNode;
  /** Covers the whole viewport (saves, lookups). */
  fullScreen?: boolean;
  label?: string;
  className?: string;
};

/** A translucent layer with a spinner over an area while `busy`; the area is marked aria-busy. */
export function Busy({ busy, children, fullScreen, label = "Cargando...", className }: BusyProps) {
  const overlay = busy ? (
    <div className={fullScreen ? "ui-busy-overlay ui-busy-overlay--fixed" : "ui-busy-overlay"}>
      <Spinner label={label} size="large" />
    </div>
  ) : null;
  if (children === undefined) return overlay;
  return (
    <div className={["ui-busy-area", className].filter(Boolean).join(" ")} aria-busy={busy}>
      {children}
      {overlay}
    </div>
  );
}
