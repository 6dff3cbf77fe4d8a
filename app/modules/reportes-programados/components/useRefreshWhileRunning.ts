// After 'Ejecutar ahora' the file is written in the background: with JavaScript the screen reloads its data every few
// seconds until the lists change (the file, or the run's error, appears) or a minute has passed. Without JavaScript
// the message offers 'Actualizar lista'.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

const EVERY_MS = 3000;
const AT_MOST_MS = 60_000;

/** Reloads the route's data while `running` and `signature` (what a finished run changes) stays the same. */
export function useRefreshWhileRunning(running: boolean, signature: string): void {
  const revalidator = useRevalidator();
  const first = useRef<{ signature: string; since: number } | null>(null);
  if (running && !first.current) first.current = { signature, since: Date.now() };
  const changed = first.current !== null && first.current.signature !== signature;
  useEffect(() => {
    if (!running || changed || !first.current || Date.now() - first.current.since > AT_MOST_MS) return;
    const timer = setTimeout(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, EVERY_MS);
    return () => clearTimeout(timer);
  });
}
