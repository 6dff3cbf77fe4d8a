// Issue 10: the certificate's download never crashes on a missing or broken Chromium: a Spanish message (503).
import { expect, test } from "vitest";
import { restorePdfBrowserAfterEach } from "~tests/support/pdf-browser";
import { closePdfBrowser, MSG_PDF_CHROMIUM_NO_INICIA, MSG_PDF_SIN_CHROMIUM } from "~reporting/render/pdf";
import { CONSTANCIA_FILENAME, constanciaResponse } from "./constancia.server";

const member = {
  apeynom: "PEREZ JUAN",
  numdoc: "20111222",
  nroafi: "01-20111222-00",
  cuil_prefijo: "20",
  cuil_nrocentral: "20111222",
  cuil_dtoverific: "3",
  fechbaja: "0001-01-01",
  fechvto: null,
  motbaja: null,
  idafi: 1,
} as unknown as Parameters<typeof constanciaResponse>[2];
const USER = { id: 1 };
const request = () =>
  new Request("http://localhost/consultar-padron/1/constancia", { headers: { accept: "application/json" } });

restorePdfBrowserAfterEach();

/** The JSON answer of a refused certificate. */
async function refusal(p: ReturnType<typeof constanciaResponse>) {
  const r = await p;
  return { ok: r.ok, status: r.response.status, body: await r.response.json() };
}

test("the PDF download with its file name", async () => {
  const res = await constanciaResponse(request(), USER, member);
  expect(res.ok).toBe(true);
  if (!res.ok) return;
  expect(res.response.headers.get("Content-Type")).toBe("application/pdf");
  expect(res.response.headers.get("Content-Disposition")).toContain(CONSTANCIA_FILENAME);
  expect(
    Buffer.from(await res.response.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
}, 60_000);

test("no Chromium: a Spanish message, no throw", async () => {
  process.env.CHROMIUM_PATH = "/nonexistent/chromium";
  await closePdfBrowser();
  expect(await refusal(constanciaResponse(request(), USER, member))).toEqual({
    ok: false,
    status: 503,
    body: { msg: MSG_PDF_SIN_CHROMIUM },
  });
  // issue 12: a Chromium that does not start says so too
  process.env.CHROMIUM_PATH = "/bin/true";
  await closePdfBrowser();
  expect(await refusal(constanciaResponse(request(), USER, member))).toEqual({
    ok: false,
    status: 503,
    body: { msg: MSG_PDF_CHROMIUM_NO_INICIA },
  });
});
