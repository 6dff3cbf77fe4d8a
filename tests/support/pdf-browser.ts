// Tests that change CHROMIUM_PATH (a missing or broken Chromium) get it back after each test, and the shared PDF
// browser closed, so the next test starts from a fresh launch.
import { afterAll, afterEach } from "vitest";
import { closePdfBrowser } from "~reporting/render/pdf";

export function restorePdfBrowserAfterEach(): void {
  const saved = process.env.CHROMIUM_PATH;
  afterEach(async () => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
    await closePdfBrowser();
  });
  afterAll(() => closePdfBrowser());
}
