// Issue 10: the shared Chromium is launched in the background when the server starts (warmPdfBrowser), so the
// first PDF does not pay the launch; a missing Chromium never throws there, it logs one line.
import { expect, test } from "vitest";
import { restorePdfBrowserAfterEach } from "~tests/support/pdf-browser";
import {
  htmlToPdf,
  MSG_PDF_CHROMIUM_NO_INICIA,
  MSG_PDF_SIN_CHROMIUM,
  pdfAvailability,
  pdfBrowserState,
  pdfResponse,
  pdfUnavailableMessage,
  warmPdfBrowser,
} from "./pdf";

restorePdfBrowserAfterEach();

test("warmPdfBrowser launches in the background; the first PDF then reuses that browser", async () => {
  expect(pdfBrowserState()).toMatchObject({ state: "idle", launches: 0 });
  const lines: string[] = [];
  const warming = warmPdfBrowser((l) => lines.push(l));
  // returns at once: the launch is under way, nothing waited for it
  expect(pdfBrowserState().state).toBe("launching");
  expect(await warming).toBe(true);
  expect(pdfBrowserState()).toMatchObject({ state: "ready", launchedBy: "startup", launches: 1 });
  const pdf = Buffer.from(await htmlToPdf("<!doctype html><p>Constancia</p>", { format: "A5", landscape: true }));
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  expect(pdfBrowserState()).toMatchObject({ launchedBy: "startup", launches: 1 });
  expect(pdfResponse(pdf, "x.pdf").headers.get("Server-Timing")).toBe('chromium;desc="startup"');
  // a second warm-up is a no-op
  expect(await warmPdfBrowser((l) => lines.push(l))).toBe(true);
  expect(pdfBrowserState().launches).toBe(1);
  expect(lines).toHaveLength(1);
}, 60_000);

test("a missing Chromium: no throw, one log line, state 'unavailable'; a PDF then fails with a Spanish message", async () => {
  process.env.CHROMIUM_PATH = "/nonexistent/chromium";
  const lines: string[] = [];
  await expect(warmPdfBrowser((l) => lines.push(l))).resolves.toBe(false);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/No se encontró Chromium en \/nonexistent\/chromium/);
  expect(pdfBrowserState().state).toBe("unavailable");
  const failure = htmlToPdf("<p>x</p>", { format: "A5", landscape: true });
  await expect(failure).rejects.toThrow(MSG_PDF_SIN_CHROMIUM);
  expect(pdfUnavailableMessage(await failure.catch((e: unknown) => e))).toBe(MSG_PDF_SIN_CHROMIUM);
  expect(pdfAvailability()).toMatchObject({ ok: false, chromium: null, state: "unavailable" });
});

test("issue 12: availability for /healthz; a Chromium that does not start is unavailable too, with its own message", async () => {
  expect(pdfAvailability()).toMatchObject({ ok: true, chromium: expect.any(String), error: null });
  expect(pdfUnavailableMessage(new Error("Timeout"))).toBeNull();
  process.env.CHROMIUM_PATH = "/bin/false"; // exists, but is no browser
  await expect(htmlToPdf("<p>x</p>", { format: "A5", landscape: true })).rejects.toThrow(MSG_PDF_CHROMIUM_NO_INICIA);
  expect(pdfAvailability()).toMatchObject({ ok: false, chromium: "/bin/false", state: "unavailable" });
  expect(pdfAvailability().error).toMatch(/no pudo iniciarse/);
}, 60_000);

test("without a warm-up the first PDF launches on demand (and says so)", async () => {
  const pdf = await htmlToPdf("<!doctype html><p>x</p>", { format: "A5", landscape: true });
  expect(pdfBrowserState()).toMatchObject({ state: "ready", launchedBy: "demand" });
  expect(pdfResponse(pdf, "x.pdf").headers.get("Server-Timing")).toBe('chromium;desc="demand"');
}, 60_000);
