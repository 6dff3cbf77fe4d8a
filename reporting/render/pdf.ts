// PDFs from HTML through one shared headless Chromium (Debian's, via puppeteer-core). The browser is
// launched on first use and reused; at most MAX_PAGES render at once; pages run without JavaScript and
// without network (only data: URLs load), so the HTML must inline its styles and images.
import fs from "node:fs";
import puppeteer, { type Browser } from "puppeteer-core";

export type PdfOptions = {
  format: "A3" | "A4" | "A5";
  landscape: boolean;
  /** CSS margin of every side, e.g. '10mm'. */
  margin?: string;
};

const MAX_PAGES = 4;
const RENDER_TIMEOUT_MS = 30_000;

let browser: Promise<Browser> | null = null;
let active = 0;
const waiting: (() => void)[] = [];

function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error("No se encontró Chromium (instale el paquete 'chromium' o defina CHROMIUM_PATH)");
  return found;
}

function getBrowser(): Promise<Browser> {
  if (!browser) {
    const launching = puppeteer.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [
        ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    });
    browser = launching;
    launching.then(
      (b) => b.on("disconnected", () => {
        if (browser === launching) browser = null; // a crashed browser is replaced on next use
      }),
      () => {
        if (browser === launching) browser = null;
      },
    );
  }
  return browser;
}

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= MAX_PAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  active++;
  try {
    return await work();
  } finally {
    active--;
    waiting.shift()?.();
  }
}

/** Renders a complete HTML document to a PDF. */
export function htmlToPdf(html: string, opts: PdfOptions): Promise<Uint8Array> {
  return slot(async () => {
    const page = await (await getBrowser()).newPage();
    try {
      page.setDefaultTimeout(RENDER_TIMEOUT_MS);
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on("request", (req) => (req.url().startsWith("data:") ? req.continue() : req.abort()));
      await page.setContent(html, { waitUntil: "load" });
      const margin = opts.margin ?? "10mm";
      return await page.pdf({
        format: opts.format,
        landscape: opts.landscape,
        printBackground: true,
        margin: { top: margin, right: margin, bottom: margin, left: margin },
      });
    } finally {
      await page.close().catch(() => undefined);
    }
  });
}

/** A download response for a PDF. */
export function pdfResponse(pdf: Uint8Array, filename: string): Response {
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

export async function closePdfBrowser(): Promise<void> {
  const b = browser;
  browser = null;
  if (b) await (await b).close().catch(() => undefined);
}
