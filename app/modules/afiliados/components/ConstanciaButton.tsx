// 'Imprimir Constancia' (operation 37): a plain download link that works without JavaScript. With JavaScript the
// click fetches the PDF itself, so the button can show progress ('Generando…', aria-busy) while the server prints
// it, then saves the file; a refusal or failure shows the server's message. The fallback link of spec §9
// ('Si la descarga no comienza, haga clic aquí') follows the first click either way (issue 10).
import { useRef, useState, type MouseEvent } from "react";

const CONSTANCIA_FILE = "constancia-estado-afiliado.pdf";
const FAILED = "No fue posible generar la constancia. Intente nuevamente.";

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done" } | { kind: "error"; msg: string };

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ConstanciaButton({ href }: { href: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const busy = state.kind === "busy";
  const inFlight = useRef(false);

  const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ kind: "busy" });
    try {
      const res = await fetch(href, {
        headers: { Accept: "application/pdf, application/json" },
        credentials: "same-origin",
      });
      if (res.ok && (res.headers.get("Content-Type") ?? "").includes("application/pdf")) {
        save(await res.blob(), CONSTANCIA_FILE);
        setState({ kind: "done" });
      } else {
        const body = (await res.json().catch(() => null)) as { msg?: unknown } | null;
        setState({ kind: "error", msg: typeof body?.msg === "string" ? body.msg : FAILED });
      }
    } catch {
      setState({ kind: "error", msg: FAILED });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <div className="member-constancia">
      <a
        className="ui-button ui-button--primary"
        href={href}
        download={CONSTANCIA_FILE}
        // fire and forget: onClick catches every failure itself and shows it (state "error")
        onClick={(e) => void onClick(e)}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
      >
        {busy ? "Generando…" : "Imprimir Constancia"}
      </a>
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? "Generando la constancia…" : state.kind === "done" ? "Constancia descargada" : ""}
      </span>
      {state.kind === "error" && (
        <p className="fc-error" role="alert">
          {state.msg}
        </p>
      )}
      {state.kind !== "idle" && !busy && (
        <p className="member-constancia-fallback">
          Si la descarga no comienza,{" "}
          <a href={href} download={CONSTANCIA_FILE}>
            haga clic aquí
          </a>
        </p>
      )}
      <noscript>
        <p className="member-constancia-fallback">
          Si la descarga no comienza, <a href={href}>haga clic aquí</a>
        </p>
      </noscript>
    </div>
  );
}
