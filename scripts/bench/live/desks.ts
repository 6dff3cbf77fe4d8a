// bench:live's real desks: Chromium pages (puppeteer-core, the system's /usr/bin/chromium) with the desk's session
// cookie on the grid, JavaScript on: the screen's own EventSource and background reload. A MutationObserver notes when each
// chip's accessible name ('001 - ASIGNADO, 07:30, puesto 1') first appears in the DOM (Date.now(), the machine's
// clock). Also counts the grid loader's fetches (each background reload fetches the screen's loader only).
import puppeteer, { type Browser, type Page } from "puppeteer-core";

export type Desk = { page: Page; seen: () => Promise<Record<string, number>>; loads: () => number };

const OBSERVE = `(() => {
  const seen = (window.__vistos = {});
  const scan = () => {
    const now = Date.now();
    for (const a of document.querySelectorAll("a[data-slot]")) {
      const name = a.getAttribute("aria-label");
      if (name && !(name in seen)) seen[name] = now;
    }
  };
  scan();
  new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, attributes: true });
})()`;

export async function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
}

/** A desk on `gridPath`, its live line connected, observing its chips. */
export async function openDesk(browser: Browser, origin: string, cookie: string, gridPath: string): Promise<Desk> {
  const context = await browser.createBrowserContext();
  const [name, value] = cookie.split("=");
  await context.setCookie({ name, value, domain: "127.0.0.1", path: "/" });
  const page = await context.newPage();
  await page.setViewport({ width: 1366, height: 900 });
  let loads = 0;
  page.on("request", (r) => {
    if (r.url().includes("_data=routes%2F_app.turnos")) loads++; // the grid's loader (the background reload)
  });
  await page.goto(`${origin}${gridPath}`, { waitUntil: "load" });
  await page.waitForSelector(".turnos-en-vivo--conectado", { timeout: 30_000 });
  await page.evaluate(OBSERVE);
  return {
    page,
    seen: () => page.evaluate(() => (window as unknown as { __vistos: Record<string, number> }).__vistos),
    loads: () => loads,
  };
}
