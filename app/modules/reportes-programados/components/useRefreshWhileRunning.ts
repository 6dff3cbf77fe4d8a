// After 'Ejecutar ahora' the file is written in the background: the loader tells whether that run's file is there
// (screen.server.ts, from the redirect's schedule and instant), and with JavaScript the screen reloads its data every
// few seconds while it is not, for at most a quarter of an hour. Without JavaScript the message offers 'Actualizar
// lista', a link to the same state.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

const EVERY_MS = 3000;
const AT_MOST_MS = 15 * 60_000;

/** Reloads the route's data while `run` (the run's key, e.g. its reload address) is given: null when it is over. */
export function useRefreshWhileRunning(run: string | null): void {
  const revalidator = useRevalidator();
  const since = useRef<{ run: string; at: number } | null>(null);
  useEffect(() => {
    if (!run) return;
    if (since.current?.run !== run) since.current = { run, at: Date.now() }; // a run started now: its own clock
    if (Date.now() - since.current.at > AT_MOST_MS) return;
    const timer = setTimeout(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, EVERY_MS);
    return () => clearTimeout(timer);
  });
}
