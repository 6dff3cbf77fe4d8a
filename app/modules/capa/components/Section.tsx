// A titled section of the CAPA form (h3 + a region named by it).
import { useId, type ReactNode } from "react";

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={["capa-section", className].filter(Boolean).join(" ")} aria-labelledby={id}>
      <h3 id={id} className="capa-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}
