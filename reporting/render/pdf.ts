// PDFs from HTML through one shared headless Chromium (Debian's, via puppeteer-core). The server launches the
// browser in the background when it starts (warmPdfBrowser, issue 10: the first certificate no longer pays a
// ~5 s launch); otherwise it is launched on first use; it is reused, and replaced when it crashes. At most
// MAX_PAGES render at once (the admission's lanes together, ./pdf-admission.ts, which every PDF route and the
// scheduled reports go through first); pages run without JavaScript and without network (only data: URLs load), so
// the HTML must inline its styles and images. The browser is driven over a pipe (puppeteer's `pipe: true`, not a
// WebSocket): when this process dies, even by kill -9, the pipe closes and Chromium exits with it (issue 35).
import fs from "node:fs";
import puppeteer, { type Browser, type Page, type PDFOptions } from "puppeteer-core";
import { downloadResponse } from "./download";
import { joinPdfs } from "./pdf-join";
import { PDF_LANE_SLOTS } from "./pdf-admission";

export type PdfOptions = {
  format: "A3" | "A4" | "A5";
  landscape: boolean;
  /** CSS margin of every side, e.g. '10mm'. */
  margin?: string;
  /** 'Página X de Y' at the foot of every page (Chromium's footer; the bottom margin grows to hold it). */
  pageNumbers?: boolean;
  /**
   * false: an untagged PDF (no structure tree). Chromium's tagging of a table of thousands of rows costs more than
   * the printing itself (3 000 rows: 12 MB and twice the time, against 0.5 MB). Tagged unless told.
   */
  tagged?: boolean;
};

/** The footer of `pageNumbers`: Chromium fills the pageNumber / totalPages spans. */
const PAGE_NUMBERS_FOOTER =
  '<div style="width:100%;font:8px sans-serif;color:#555;text-align:right;padding:0 10mm">' +
  'Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>';

const MAX_PAGES = PDF_LANE_SLOTS.report + PDF_LANE_SLOTS.document;
const RENDER_TIMEOUT_MS = 30_000;

/** Who launched the current browser: the server's start-up warm-up, or a PDF request. */
type LaunchedBy = "startup" | "demand";
export type PdfBrowserState = {
  state: "idle" | "launching" | "ready" | "unavailable";
  launchedBy: LaunchedBy | null;
  /** Browser launches since the process started (a crash or closePdfBrowser makes the next use launch again). */
  launches: number;
  /** Why the last launch failed (state 'unavailable'). */
  error: string | null;
};

// One browser per process: the state lives on globalThis, because the HTTP server (server/server.ts, which
// warms it up) and the Remix server bundle (whose routes print) each hold their own copy of this module.
// idle: pages of the current browser already set up (no JavaScript, no network), reused by the next render
// (opening and closing a page per PDF cost about a third of a warm certificate).
type Shared = {
  browser: Promise<Browser> | null;
  status: PdfBrowserState;
  /** The last launch failed because no executable was found (not because it would not start). */
  missingExecutable?: boolean;
  active: number;
  waiting: (() => void)[];
  idle: Page[];
};
const KEY = Symbol.for("osep.pdf.browser");
const g = globalThis as typeof globalThis & { [KEY]?: Shared };
const shared: Shared = (g[KEY] ??= {
  browser: null,
  status: { state: "idle", launchedBy: null, launches: 0, error: null },
  active: 0,
  waiting: [],
  idle: [],
});
shared.idle ??= [];

/** The shared browser's state (for the start-up test, the bench and the Server-Timing header). */
export function pdfBrowserState(): PdfBrowserState {
  return { ...shared.status };
}

/** What a person (or an API client) is told when this server cannot print PDFs at all (HTTP 503). */
export const MSG_PDF_SIN_CHROMIUM =
  "La generación de PDF no está disponible en este servidor: falta Chromium. Avise a Sistemas.";
export const MSG_PDF_CHROMIUM_NO_INICIA =
  "La generación de PDF no está disponible en este servidor: Chromium no pudo iniciarse. Avise a Sistemas.";

/**
 * The server cannot print PDFs: Chromium is missing or does not start. `message` is for the user (Spanish, no
 * paths); `detail` is for the log. A failure of one render (a timeout, a crash) is not this error.
 */
class PdfUnavailableError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = "PdfUnavailableError";
  }
}

/**
 * The user's message when `err` says PDFs cannot be printed on this server (missing Chromium, or it does not start);
 * null for any other failure (the caller keeps its own 'intente nuevamente' message). By name: the HTTP server and
 * the Remix bundle each hold their own copy of this module.
 */
export function pdfUnavailableMessage(err: unknown): string | null {
  return err instanceof Error && err.name === "PdfUnavailableError" ? err.message : null;
}

/** The Chromium candidates: CHROMIUM_PATH alone when given (a wrong path is reported, not silently replaced). */
function chromiumCandidates(): string[] {
  return process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
}

/** The Chromium executable to launch, or null when none of the candidates exists. */
function findChromium(): string | null {
  return chromiumCandidates().find((p) => fs.existsSync(p)) ?? null;
}

function chromiumPath(): string {
  const found = findChromium();
  if (!found) {
    throw new PdfUnavailableError(
      MSG_PDF_SIN_CHROMIUM,
      `No se encontró Chromium en ${chromiumCandidates().join(" ni en ")} (instale el paquete 'chromium' o defina CHROMIUM_PATH)`,
    );
  }
  return found;
}

export type PdfAvailability = {
  /** False when PDFs cannot be printed: no Chromium, or its last launch failed. */
  ok: boolean;
  /** The executable found, or null. */
  chromium: string | null;
  state: PdfBrowserState["state"];
  /** Why not (for administrators: /healthz details). */
  error: string | null;
};

/**
 * Whether this server can print PDFs (for /healthz): a Chromium executable exists and its last launch did not fail.
 * A launch that failed because the executable was missing counts as fixed once it exists (the next PDF launches it).
 */
export function pdfAvailability(): PdfAvailability {
  const chromium = findChromium();
  const { state, error } = shared.status;
  if (!chromium) {
    return { ok: false, chromium, state, error: `No se encontró Chromium (${chromiumCandidates().join(", ")})` };
  }
  const launchFailed = state === "unavailable" && !shared.missingExecutable;
  return { ok: !launchFailed, chromium, state, error: launchFailed ? error : null };
}

/**
 * Chromium's flags: no GPU, no background traffic, and as few processes as will do (ADR 070: each process maps
 * Chromium's binary and libraries again, about 70 MB of resident memory before it does anything): the GPU and the
 * network service inside the browser's process, no spare renderer kept ready. The zygotes go too when the sandbox
 * is off (root: Chromium refuses --no-zygote with its sandbox).
 */
const LEAN_ARGS = [
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--in-process-gpu",
  "--enable-features=NetworkServiceInProcess2",
  "--disable-features=SpareRendererForSitePerProcess",
];

function getBrowser(by: LaunchedBy = "demand"): Promise<Browser> {
  if (!shared.browser) {
    shared.status = { state: "launching", launchedBy: by, launches: shared.status.launches + 1, error: null };
    let path: string;
    try {
      path = chromiumPath();
    } catch (e) {
      shared.status = { ...shared.status, state: "unavailable", error: (e as PdfUnavailableError).detail };
      shared.missingExecutable = true;
      return Promise.reject(e);
    }
    shared.missingExecutable = false;
    const launching = puppeteer
      .launch({
        executablePath: path,
        headless: true,
        // the browser's end of the pipe closes with this process: no Chromium outlives a killed worker
        pipe: true,
        args: [...LEAN_ARGS, ...(process.getuid?.() === 0 ? ["--no-sandbox", "--no-zygote"] : [])],
      })
      .then(async (b) => {
        // the blank tab every launch opens: a renderer that would never print
        for (const p of await b.pages()) await p.close().catch(() => undefined);
        return b;
      })
      .catch((e: Error) => {
        throw new PdfUnavailableError(MSG_PDF_CHROMIUM_NO_INICIA, `Chromium (${path}) no pudo iniciarse: ${e.message}`);
      });
    shared.browser = launching;
    launching.then(
      (b) => {
        if (shared.browser === launching) shared.status = { ...shared.status, state: "ready" };
        b.on("disconnected", () => {
          if (shared.browser !== launching) return;
          shared.browser = null; // a crashed browser is replaced on next use
          shared.idle = [];
          shared.status = { ...shared.status, state: "idle" };
        });
      },
      (e: PdfUnavailableError) => {
        if (shared.browser !== launching) return;
        shared.browser = null;
        shared.status = { ...shared.status, state: "unavailable", error: e.detail };
      },
    );
  }
  return shared.browser;
}

/**
 * Launches the shared browser in the background (server start-up). Never throws and never blocks: resolves
 * true when the browser is ready, false (after logging one line) when it cannot be launched; a later PDF
 * request tries again.
 */
export function warmPdfBrowser(log: (line: string) => void = console.log): Promise<boolean> {
  const started = performance.now();
  const already = shared.browser != null;
  let launch: Promise<Browser>;
  try {
    launch = getBrowser("startup");
  } catch (e) {
    launch = Promise.reject(e);
  }
  return launch.then(
    async (b) => {
      // one page ready for the first PDF
      if (shared.idle.length === 0)
        await openPage(b).then(
          (p) => shared.idle.push(p),
          () => undefined,
        );
      if (!already) log(`Chromium para PDF listo (${Math.round(performance.now() - started)} ms, lanzado al iniciar)`);
      return true;
    },
    (e: Error) => {
      const why = e instanceof PdfUnavailableError ? e.detail : e.message;
      log(`Chromium para PDF no disponible: ${why.split("\n")[0]} (los PDF responderán 503 hasta que se instale)`);
      return false;
    },
  );
}

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (shared.active >= MAX_PAGES) await new Promise<void>((resolve) => shared.waiting.push(resolve));
  shared.active++;
  try {
    return await work();
  } finally {
    shared.active--;
    shared.waiting.shift()?.();
  }
}

/** A page without JavaScript and without network (only data: URLs load). */
async function openPage(b: Browser): Promise<Page> {
  const page = await b.newPage();
  try {
    page.setDefaultTimeout(RENDER_TIMEOUT_MS);
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on("request", (req) => {
      // puppeteer answers the protocol's errors itself; a request the page no longer waits for has nothing to undo
      (req.url().startsWith("data:") ? req.continue() : req.abort()).catch(() => undefined);
    });
    return page;
  } catch (e) {
    await page.close().catch(() => undefined);
    throw e;
  }
}

/** Chromium's page.pdf options of `opts`; `footer` false leaves the page numbers to the join (./pdf-join.ts). */
function pdfOptions(opts: PdfOptions, footer: boolean): PDFOptions {
  const margin = opts.margin ?? "10mm";
  return {
    format: opts.format,
    landscape: opts.landscape,
    printBackground: true,
    ...(opts.tagged === false ? { tagged: false } : {}),
    margin: { top: margin, right: margin, bottom: opts.pageNumbers ? "14mm" : margin, left: margin },
    ...(opts.pageNumbers && footer
      ? { displayHeaderFooter: true, headerTemplate: "<span></span>", footerTemplate: PAGE_NUMBERS_FOOTER }
      : {}),
  };
}

/** Renders a complete HTML document to a PDF. */
export function htmlToPdf(html: string, opts: PdfOptions): Promise<Uint8Array> {
  return slot(async () => {
    const b = await getBrowser();
    let page = shared.idle.pop();
    if (page && (page.isClosed() || page.browser() !== b)) page = undefined;
    page ??= await openPage(b);
    let reusable = false;
    try {
      await page.setContent(html, { waitUntil: "load" });
      const pdf = await page.pdf(pdfOptions(opts, true));
      reusable = true;
      return pdf;
    } finally {
      // a page that failed, or one too many, is closed; the others wait for the next PDF
      const current = shared.browser ? await shared.browser.catch(() => null) : null;
      if (reusable && current === b && !page.isClosed() && shared.idle.length < MAX_PAGES) shared.idle.push(page);
      else await page.close().catch(() => undefined);
    }
  });
}

/**
 * Renders a long document given in parts (complete HTML documents, in order; each starts on a new page) to one PDF
 * (ADR 070): each part printed on its own, by a page of its own (closed after it: its renderer's memory goes with
 * it), one after the other in one printing slot, then joined (./pdf-join.ts), with `pageNumbers` numbered across the
 * parts. Chromium holds one part at a time, not the whole document; each part gets the renderer's timeout. The parts
 * are asked for one at a time.
 */
export async function htmlPartsToPdf(parts: Iterable<string>, opts: PdfOptions): Promise<Uint8Array> {
  const printed = await slot(async () => {
    const b = await getBrowser();
    const out: Uint8Array[] = [];
    for (const html of parts) {
      const page = await openPage(b);
      try {
        await page.setContent(html, { waitUntil: "load" });
        out.push(await page.pdf(pdfOptions(opts, false)));
      } finally {
        await page.close().catch(() => undefined);
      }
    }
    return out;
  });
  return joinPdfs(printed, { pageNumbers: opts.pageNumbers === true }); // the slot is free again meanwhile
}

/** A download response for a PDF. */
export function pdfResponse(pdf: Uint8Array, filename: string): Response {
  // Server-Timing: who launched the browser that printed it (startup = the start-up warm-up worked).
  return downloadResponse("pdf", filename, Buffer.from(pdf), {
    "Server-Timing": `chromium;desc="${shared.status.launchedBy ?? "demand"}"`,
  });
}

export async function closePdfBrowser(): Promise<void> {
  const b = shared.browser;
  shared.browser = null;
  shared.idle = [];
  shared.status = { state: "idle", launchedBy: null, launches: shared.status.launches, error: null };
  if (b) await b.then((x) => x.close()).catch(() => undefined);
}
