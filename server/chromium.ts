// npm start and Chromium (the PDF printer, reporting/render/pdf.ts): detected at start-up, before the server listens.
// Missing, as root with apt-get: installed as `npm test` installs it (scripts/test.sh: apt-get install -y chromium),
// one log line, apt's own output hidden; a one-time cost paid before serving, so the first PDF never meets a half-
// installed browser (docs/decisions/028-report-periods-refresh-pdf-health.md). Otherwise (not root, no apt-get,
// CHROMIUM_AUTO_INSTALL=0, a CHROMIUM_PATH elsewhere): one line with the exact command to run. The server starts
// either way; without Chromium the PDF routes answer 503 and /healthz says pdf: { ok: false }.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

/** Where Debian's 'chromium' package puts the browser (the default of reporting/render/pdf.ts). */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const OTHER_DEFAULT = "/usr/bin/chromium-browser";
/** The installation, as scripts/test.sh runs it. */
export const APT_SCRIPT =
  "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null";
/** apt-get gets this long; past it the server starts without Chromium and says how to install it. */
export const INSTALL_TIMEOUT_MS = 5 * 60_000;

export type ChromiumHost = {
  /** CHROMIUM_PATH as set (undefined: the Debian defaults). */
  chromiumPath: string | undefined;
  exists: (path: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
  /** False with CHROMIUM_AUTO_INSTALL=0 (a host whose packages are managed elsewhere). */
  autoInstall: boolean;
  /** Runs a shell script; ok when it exits 0 within the time limit. */
  run: (script: string, timeoutMs: number) => { ok: boolean; error: string | null };
  log: (line: string) => void;
};

export type ChromiumOutcome = "present" | "installed" | "missing";

const CONSEQUENCE = "los PDF (constancia, carnet, listado de fichas) responderán 503 hasta que se instale";

/** Makes sure the PDF printer is there (see the file's comment); says what it did in at most two lines. */
export function ensureChromium(host: ChromiumHost): ChromiumOutcome {
  const candidates = host.chromiumPath ? [host.chromiumPath] : [DEBIAN_CHROMIUM, OTHER_DEFAULT];
  if (candidates.some((p) => host.exists(p))) return "present";

  if (host.chromiumPath && host.chromiumPath !== DEBIAN_CHROMIUM) {
    host.log(
      `Chromium no encontrado en CHROMIUM_PATH=${host.chromiumPath}: ${CONSEQUENCE}. Corrija CHROMIUM_PATH, o quítelo e ` +
        `instale Chromium con: ${installCommand(host.isRoot)}`,
    );
    return "missing";
  }
  if (!host.hasAptGet) {
    host.log(
      `Falta Chromium: ${CONSEQUENCE}. Instale Chromium y defina CHROMIUM_PATH con la ruta del ejecutable ` +
        `(en Debian/Ubuntu: ${installCommand(host.isRoot)})`,
    );
    return "missing";
  }
  if (!host.isRoot || !host.autoInstall) {
    host.log(`Falta Chromium: ${CONSEQUENCE}. Instálelo con: ${installCommand(host.isRoot)}`);
    return "missing";
  }
  host.log(
    "Falta Chromium para los PDF: instalándolo con apt-get install -y chromium (una sola vez) antes de atender…",
  );
  const r = host.run(APT_SCRIPT, INSTALL_TIMEOUT_MS);
  if (r.ok && host.exists(DEBIAN_CHROMIUM)) return "installed";
  host.log(
    `No se pudo instalar Chromium (${r.error ?? "el paquete no dejó " + DEBIAN_CHROMIUM}): ${CONSEQUENCE}. ` +
      `Ejecute: ${installCommand(true)}`,
  );
  return "missing";
}

/** The exact command for an operator: with sudo unless already root. */
function installCommand(isRoot: boolean): string {
  return isRoot
    ? "apt-get update && apt-get install -y chromium"
    : "sudo apt-get update && sudo apt-get install -y chromium";
}

/** This machine, for server/start.ts. */
export function thisHost(log: (line: string) => void = console.log): ChromiumHost {
  return {
    chromiumPath: process.env.CHROMIUM_PATH || undefined,
    exists: (p) => fs.existsSync(p),
    isRoot: process.getuid?.() === 0,
    hasAptGet: ["/usr/bin/apt-get", "/bin/apt-get"].some((p) => fs.existsSync(p)),
    autoInstall: process.env.CHROMIUM_AUTO_INSTALL !== "0",
    run: (script, timeoutMs) => {
      const r = spawnSync("sh", ["-c", script], { stdio: "ignore", timeout: timeoutMs });
      if (r.error) return { ok: false, error: r.error.message };
      if (r.signal) return { ok: false, error: `apt-get interrumpido (${r.signal})` };
      return r.status === 0
        ? { ok: true, error: null }
        : { ok: false, error: `apt-get terminó con código ${r.status}` };
    },
    log,
  };
}
