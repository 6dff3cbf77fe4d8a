import type { ReactNode } from "react";

export type InlinePanelProps = {
  /** id of the heading (the section is labelled by it). */
  id: string;
  title: ReactNode;
  /** Where 'Cerrar' goes (the screen without the panel's query parameter). */
  closeHref: string;
  children: ReactNode;
  className?: string;
  /** The content has its own close control (a form's 'Cancelar'): no 'Cerrar' link, one way out (issue 39). */
  ownClose?: boolean;
};

/** Without JavaScript, what a Dialog would show sits in the page as a labelled section with a 'Cerrar' link. */
export function InlinePanel({ id, title, closeHref, children, className, ownClose = false }: InlinePanelProps) {
  return (
    <section className={["ui-inline-panel", className].filter(Boolean).join(" ")} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {ownClose ? null : (
        <a className="ui-button ui-button--secondary" href={closeHref}>
          Cerrar
        </a>
      )}
    </section>
  );
}
