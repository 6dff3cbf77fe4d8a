// Sending a Remix answer's body to the Express response, in as few writes as the source allows.
// - Chunks that arrive together (React renders a page in many small chunks in one go) are gathered and written as
//   one; they are written out when the source pauses (its next chunk is not ready within the same turn of the event
//   loop), when 64 KiB are gathered, and at the end. compression() is flushed at each pause, so what was rendered
//   reaches the browser then, and deflates once per batch instead of once per chunk.
// - A body that ends before any pause (every json() answer, most pages) leaves in one res.end with its
//   Content-Length: no chunked encoding, and compression() leaves it alone under its 1 KB threshold, where gzip costs
//   more CPU than it saves bytes.
// - Back-pressure: a slow client is not buffered in memory; a client that leaves cancels the source (an Excel export
//   stops writing).
import type { ServerResponse } from "node:http";

type Flushable = ServerResponse & { flush?: () => void };

const BATCH_BYTES = 64 * 1024;
const PAUSE = Symbol("pause");

/** Resolves when `res` can take more (drain) or is gone (close); false when it is gone. */
function writable(res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve(!res.destroyed);
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

const nextTurn = () => new Promise<typeof PAUSE>((resolve) => setImmediate(resolve, PAUSE));

export async function writeBody(body: ReadableStream<Uint8Array>, res: Flushable): Promise<void> {
  const reader = body.getReader();
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let started = false;

  /** Writes the gathered chunks as one; false when the client is gone (the source is then cancelled). */
  async function writeBatch(flush: boolean): Promise<boolean> {
    if (batch.length > 0) {
      const data = batch.length === 1 ? batch[0] : Buffer.concat(batch, batchBytes);
      batch = [];
      batchBytes = 0;
      started = true;
      if (!res.write(data) && !(await writable(res))) return false;
    }
    if (flush && started) res.flush?.();
    return !res.destroyed;
  }

  try {
    for (;;) {
      const pending = reader.read();
      let next = await Promise.race([pending, nextTurn()]);
      if (next === PAUSE) {
        if (!(await writeBatch(true))) return void (await reader.cancel());
        next = await pending;
      }
      if (next.done) break;
      batch.push(next.value);
      batchBytes += next.value.byteLength;
      if (batchBytes >= BATCH_BYTES && !(await writeBatch(false))) return void (await reader.cancel());
    }
    if (!started) {
      // the whole body is here: declared, so compression() can tell its size (it drops the header when it compresses)
      if (!res.headersSent) res.setHeader("Content-Length", batchBytes);
      return void res.end(batch.length === 1 ? batch[0] : Buffer.concat(batch, batchBytes));
    }
    if (await writeBatch(false)) res.end();
    else await reader.cancel();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}
