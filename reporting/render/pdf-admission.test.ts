// Issue 35: the PDF admission's rules without a browser (ADR 061): two PDFs per person in both lanes together, each
// lane's slots and bounded queue (429 beyond, with the lane's Retry-After), first come first served, the system's
// runs never refused, the document lane free while the report lane is full, an abandoned request leaving the queue.
import { afterEach, expect, test } from "vitest";
import {
  admitPdf,
  MSG_PDF_COLA_LLENA,
  MSG_PDF_POR_PERSONA,
  PDF_LANE_QUEUE,
  PDF_LANE_SLOTS,
  PDF_PER_PERSON,
  PDF_RETRY_AFTER_S,
  PDF_SYSTEM,
  pdfAdmissionState,
  pdfRefusal,
  type PdfLane,
  type PdfRequester,
} from "./pdf-admission";

const person = (key: string, signal?: AbortSignal): PdfRequester => ({ kind: "person", key, signal });

/** Every admission a test took (running or still waiting): released after it. */
let taken: Promise<() => void>[] = [];
function admit(who: PdfRequester, lane: PdfLane): Promise<() => void> {
  const p = admitPdf(who, lane);
  taken.push(p);
  return p;
}

afterEach(async () => {
  // release in order: a waiter gets its slot only when one before it is released
  for (const p of taken) (await p.catch(() => null))?.();
  taken = [];
  expect(pdfAdmissionState()).toEqual({
    report: { printing: 0, waiting: 0 },
    document: { printing: 0, waiting: 0 },
  });
});

/** Settles pending promise callbacks. */
const tick = () => new Promise((r) => setImmediate(r));

test("a person holds two PDFs at once, both lanes together; the third is 429 with the lane's Retry-After", async () => {
  expect(PDF_PER_PERSON).toBe(2);
  const first = await admit(person("user:1"), "report");
  await admit(person("user:1"), "document");
  const third = await admitPdf(person("user:1"), "document").catch((e: unknown) => e);
  expect(pdfRefusal(third)).toEqual({ status: 429, msg: MSG_PDF_POR_PERSONA, retryAfterS: PDF_RETRY_AFTER_S.report });
  // another person is not concerned
  await admit(person("user:2"), "report");
  first();
  await expect(admit(person("user:1"), "report")).resolves.toBeTypeOf("function");
});

test("the report lane: its slots print, then a bounded queue served in order; beyond it 429; the system waits", async () => {
  const running = [];
  for (let i = 0; i < PDF_LANE_SLOTS.report; i++) running.push(await admit(person(`user:r${i}`), "report"));
  const started: string[] = [];
  for (let i = 0; i < PDF_LANE_QUEUE.report; i++) {
    void admit(person(`user:q${i}`), "report").then(() => started.push(`q${i}`));
  }
  expect(pdfAdmissionState().report).toEqual({
    printing: PDF_LANE_SLOTS.report,
    waiting: PDF_LANE_QUEUE.report,
  });
  const refused = await admitPdf(person("user:late"), "report").catch((e: unknown) => e);
  expect(pdfRefusal(refused)).toEqual({ status: 429, msg: MSG_PDF_COLA_LLENA, retryAfterS: PDF_RETRY_AFTER_S.report });
  // a scheduled run is the system's: it waits beyond the bound
  void admit(PDF_SYSTEM, "report").then(() => started.push("system"));
  expect(pdfAdmissionState().report.waiting).toBe(PDF_LANE_QUEUE.report + 1);
  running[0]();
  await tick();
  expect(started).toEqual(["q0"]);
  running[1]();
  await tick();
  expect(started).toEqual(["q0", "q1"]);
});

test("the document lane admits a certificate while the report lane is full", async () => {
  for (let i = 0; i < PDF_LANE_SLOTS.report + PDF_LANE_QUEUE.report; i++) void admit(person(`user:h${i}`), "report");
  await expect(admit(person("user:cert"), "document")).resolves.toBeTypeOf("function");
  expect(pdfAdmissionState().document).toEqual({ printing: 1, waiting: 0 });
});

test("a request abandoned while waiting leaves the queue and frees its person's count", async () => {
  for (let i = 0; i < PDF_LANE_SLOTS.report; i++) await admit(person(`user:s${i}`), "report");
  const gone = new AbortController();
  const waiting = admitPdf(person("user:9", gone.signal), "report");
  expect(pdfAdmissionState().report.waiting).toBe(1);
  gone.abort();
  await expect(waiting).rejects.toThrow();
  expect(pdfAdmissionState().report.waiting).toBe(0);
  // its count is free again: two more for the same person are taken (waiting)
  void admit(person("user:9"), "report");
  void admit(person("user:9"), "report");
  expect(pdfAdmissionState().report.waiting).toBe(2);
});
