// A titled section of the ficha form (h3 + a region named by it).
import { useId, type ReactNode } from "react";

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={["ficha-section", className].filter(Boolean).join(" ")} aria-labelledby={id}>
      <h3 id={id} className="ficha-section-title">
        {title}
      </h3>
      <div className="ficha-grid">{children}</div>
    </section>
  );
}
