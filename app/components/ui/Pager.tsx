import type { ReactNode } from "react";
import { pageInfo } from "./pager-rules";

export type PagerProps = {
  /** 0-based page. */
  page: number;
  size: number;
  total: number;
  /** Renders links (works without JavaScript). */
  hrefFor?: (page: number) => string;
  /** Renders buttons calling back with the target page (0-based). */
  onPage?: (page: number) => void;
  /** Shows 'Total: n' before the controls (default true). */
  showTotal?: boolean;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** A word before 'n de m' (e.g. 'Página' → 'Página 1 de 7'). */
  statusPrefix?: string;
  className?: string;
};

type StepProps = { target: number; enabled: boolean; rel: "prev" | "next"; children: ReactNode } & Pick<
  PagerProps,
  "hrefFor" | "onPage"
>;

function Step({ target, enabled, rel, children, hrefFor, onPage }: StepProps) {
  const className = "ui-button ui-button--secondary ui-pager-step";
  if (hrefFor) {
    return enabled ? (
      <a className={className} href={hrefFor(target)} rel={rel}>
        {children}
      </a>
    ) : (
      <span className={`${className} is-disabled`} aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <button type="button" className={className} disabled={!enabled} onClick={() => onPage?.(target)}>
      {children}
    </button>
  );
}

/** 'Atrás' / 'n de m' / 'Siguiente' for server paging. */
export function Pager({
  page,
  size,
  total,
  hrefFor,
  onPage,
  showTotal = true,
  label = "Paginación",
  statusPrefix,
  className,
}: PagerProps) {
  const info = pageInfo(page, size, total);
  const current = info.current - 1;
  return (
    <nav className={["ui-pager", className].filter(Boolean).join(" ")} aria-label={label}>
      {showTotal && <span className="ui-pager-total">Total: {total}</span>}
      <Step target={current - 1} enabled={info.hasPrev} rel="prev" hrefFor={hrefFor} onPage={onPage}>
        Atrás
      </Step>
      <span className="ui-pager-status" aria-live="polite">
        {statusPrefix ? `${statusPrefix} ` : null}
        {info.current} de {info.pages}
      </span>
      <Step target={current + 1} enabled={info.hasNext} rel="next" hrefFor={hrefFor} onPage={onPage}>
        Siguiente
      </Step>
    </nav>
  );
}
