import { useEffect, useState, type ReactNode } from "react";

type Severity = "error" | "warning" | "info" | "success";

export type AlertProps = {
  severity?: Severity;
  title?: string;
  children?: ReactNode;
  /** Shows a 'Cerrar' button. */
  onClose?: () => void;
  /** For aria-describedby (e.g. a form's one message describing its fields). */
  id?: string;
  className?: string;
};

/**
 * A message box: role="alert" for errors, role="status" for the other severities. A message that goes away by
 * itself is rendered while useAutoHide returns it (spec default for server errors: 5000 ms).
 */
export function Alert({ severity = "info", title, children, onClose, id, className }: AlertProps) {
  return (
    <div
      id={id}
      role={severity === "error" ? "alert" : "status"}
      className={["ui-alert", `ui-alert--${severity}`, className].filter(Boolean).join(" ")}
    >
      <div className="ui-alert-body">
        {title && <p className="ui-alert-title">{title}</p>}
        {children && <div className="ui-alert-text">{children}</div>}
      </div>
      {onClose && (
        <button type="button" className="ui-icon-button" onClick={onClose} aria-label="Cerrar">
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}

/**
 * Returns `value` until `ms` milliseconds after it (or `resetKey`) last changed, then undefined.
 * Pass a fresh `resetKey` (e.g. the actionData object) to show the same message again after a new
 * submission. Without JavaScript the message simply stays.
 */
export function useAutoHide<T>(value: T, ms: number, resetKey: unknown = value): T | undefined {
  const [expired, setExpired] = useState<{ key: unknown } | null>(null);
  useEffect(() => {
    if (value == null || value === "" || !(ms >= 0)) return;
    const timer = setTimeout(() => setExpired({ key: resetKey }), ms);
    return () => clearTimeout(timer);
  }, [value, ms, resetKey]);
  return expired && Object.is(expired.key, resetKey) ? undefined : value;
}
