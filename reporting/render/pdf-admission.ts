// Who may print a PDF now (docs/decisions/061-pdf-admission.md): the one admission of every PDF route and of the
// scheduled reports, before any data is read or any page of the shared Chromium is taken. Two lanes: 'document'
// (the status certificate, the coverage card: one A5 page, tens of milliseconds) and 'report' (every list and
// statistics PDF: up to the renderer's time), each with its own printing slots and a bounded queue, so a
// certificate never waits behind reports. A person (a signed-in user, or an anonymous client by its address) holds
// at most PDF_PER_PERSON PDFs at once, printing or waiting, in both lanes together; beyond it, or beyond the lane's
// queue, PdfBusyError (429 with Retry-After). The system (a scheduled run) is never refused: it waits its turn in
// the report lane. One process's bound: each web worker has its own browser and its own lanes.

/**
 * Who asks: a person (its key: 'user:12', 'address:10.0.0.1'; `signal`: its request, whose abort takes it out of the
 * queue) or the system (scheduled reports).
 */
export type PdfRequester = { kind: "person"; key: string; signal?: AbortSignal } | { kind: "system" };
export const PDF_SYSTEM: PdfRequester = { kind: "system" };

export type PdfLane = "document" | "report";

/** PDFs one person may have printing or waiting at once, both lanes together. */
export const PDF_PER_PERSON = 2;

/** Pages printing at once per lane (2 shared cores: two long prints at a time; certificates beside them). */
export const PDF_LANE_SLOTS: Readonly<Record<PdfLane, number>> = { report: 2, document: 2 };

/** PDFs of people that may wait for a slot per lane (the system's runs wait beyond it); beyond, 429. */
export const PDF_LANE_QUEUE: Readonly<Record<PdfLane, number>> = { report: 6, document: 20 };

/**
 * The Retry-After of a refusal by lane (seconds): a report in print ends within the renderer's 30-second timeout,
 * a document within a second or two.
 */
export const PDF_RETRY_AFTER_S: Readonly<Record<PdfLane, number>> = { report: 30, document: 5 };

export const MSG_PDF_POR_PERSONA = `Ya tiene ${PDF_PER_PERSON} PDF en preparación: espere a que terminen y vuelva a intentarlo.`;
export const MSG_PDF_COLA_LLENA =
  "Hay demasiados PDF en preparación en este momento: vuelva a intentarlo en unos segundos.";

/** A PDF refused before it starts because the printer is busy (HTTP 429 with Retry-After). By name, as below. */
class PdfBusyError extends Error {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(message);
    this.name = "PdfBusyError";
  }
}

/**
 * A PDF refused before it starts because it could not be printed within the renderer's time (HTTP 422); the
 * message says why and what to download instead. Thrown by the module that counted the rows.
 */
export class PdfTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfTooLargeError";
  }
}

/** How a PDF refused before it started is answered; null for any other error. By name: the HTTP server and the
 * Remix bundle each hold their own copy of this module. */
export function pdfRefusal(err: unknown): { status: 422 | 429; msg: string; retryAfterS: number | null } | null {
  if (!(err instanceof Error)) return null;
  if (err.name === "PdfTooLargeError") return { status: 422, msg: err.message, retryAfterS: null };
  if (err.name === "PdfBusyError") {
    return { status: 429, msg: err.message, retryAfterS: (err as PdfBusyError).retryAfterS };
  }
  return null;
}

type Waiter = { start: () => void; owner: string | null };
type Lane = { running: number; queue: Waiter[] };
type Shared = { lanes: Record<PdfLane, Lane>; held: Map<string, { report: number; document: number }> };

// One admission per process, on globalThis (as the renderer's browser): the HTTP server and the Remix bundle each
// load their own copy of this module.
const KEY = Symbol.for("osep.pdf.admission");
const g = globalThis as typeof globalThis & { [KEY]?: Shared };
const shared: Shared = (g[KEY] ??= {
  lanes: { report: { running: 0, queue: [] }, document: { running: 0, queue: [] } },
  held: new Map(),
});

/** What the admission holds now (for the tests and the health details). */
export function pdfAdmissionState(): Record<PdfLane, { printing: number; waiting: number }> {
  const of = (l: Lane) => ({ printing: l.running, waiting: l.queue.length });
  return { report: of(shared.lanes.report), document: of(shared.lanes.document) };
}

function hold(owner: string | null, lane: PdfLane, delta: 1 | -1): void {
  if (owner === null) return;
  const h = shared.held.get(owner) ?? { report: 0, document: 0 };
  h[lane] += delta;
  if (h.report + h.document > 0) shared.held.set(owner, h);
  else shared.held.delete(owner);
}

/** A refusal for `owner` in `lane`, or null when it may print or wait. */
function refusal(owner: string | null, lane: PdfLane): PdfBusyError | null {
  if (owner === null) return null;
  const h = shared.held.get(owner);
  if (h && h.report + h.document >= PDF_PER_PERSON) {
    return new PdfBusyError(MSG_PDF_POR_PERSONA, PDF_RETRY_AFTER_S[h.report > 0 ? "report" : lane]);
  }
  const l = shared.lanes[lane];
  const waitingPeople = l.queue.filter((w) => w.owner !== null).length;
  if (l.running >= PDF_LANE_SLOTS[lane] && waitingPeople >= PDF_LANE_QUEUE[lane]) {
    return new PdfBusyError(MSG_PDF_COLA_LLENA, PDF_RETRY_AFTER_S[lane]);
  }
  return null;
}

/**
 * Takes a printing slot of `lane` for `who`: at once when one is free, else after the PDFs queued before it. Rejects
 * with PdfBusyError (nothing taken) when the person already holds PDF_PER_PERSON or the lane's queue is full; with
 * the signal's reason when the person's request is abandoned while waiting. Resolves with the release (call it once).
 */
export function admitPdf(who: PdfRequester, lane: PdfLane): Promise<() => void> {
  const owner = who.kind === "person" ? who.key : null;
  const signal = who.kind === "person" ? who.signal : undefined;
  const refused = refusal(owner, lane);
  if (refused) return Promise.reject(refused);
  if (signal?.aborted) return Promise.reject(signal.reason);
  const l = shared.lanes[lane];
  hold(owner, lane, 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    hold(owner, lane, -1);
    l.running--;
    const next = l.queue.shift();
    if (next) next.start();
  };
  if (l.running < PDF_LANE_SLOTS[lane]) {
    l.running++;
    return Promise.resolve(release);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      const i = l.queue.indexOf(waiter);
      if (i < 0) return;
      l.queue.splice(i, 1);
      hold(owner, lane, -1);
      reject(signal!.reason as Error);
    };
    const waiter: Waiter = {
      owner,
      start: () => {
        signal?.removeEventListener("abort", onAbort);
        l.running++;
        resolve(release);
      },
    };
    l.queue.push(waiter);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Runs `work` (the data read and the printing of one PDF) inside an admission of `lane` for `who`. */
export async function withPdfAdmission<T>(who: PdfRequester, lane: PdfLane, work: () => Promise<T>): Promise<T> {
  const release = await admitPdf(who, lane);
  try {
    return await work();
  } finally {
    release();
  }
}
