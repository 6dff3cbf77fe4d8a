import type { MouseEventHandler } from "react";

export type Tone = "success" | "warning" | "danger" | "info" | "neutral";

export type ChipProps = {
  label: string;
  tone?: Tone;
  /** Makes the chip a button. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  disabled?: boolean;
  /** Tooltip and, for buttons, extra context for assistive technology. */
  title?: string;
  "aria-label"?: string;
  className?: string;
};

/** A small coloured status label; a button when onClick is given. */
export function Chip({ label, tone = "neutral", onClick, disabled, title, className, ...rest }: ChipProps) {
  const classes = ["ui-chip", `ui-chip--${tone}`, onClick && "ui-chip--button", disabled && "is-disabled", className]
    .filter(Boolean)
    .join(" ");
  if (onClick) {
    return (
      <button
        type="button"
        className={classes}
        onClick={onClick}
        disabled={disabled}
        title={title}
        aria-label={rest["aria-label"]}
      >
        {label}
      </button>
    );
  }
  return (
    <span className={classes} title={title} aria-label={rest["aria-label"]} aria-disabled={disabled || undefined}>
      {label}
    </span>
  );
}
