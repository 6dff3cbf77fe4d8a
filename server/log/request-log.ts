// The request log's writer: the lines of one turn of the event loop leave in a single write to stdout (a pipe or a
// file, where Node writes synchronously; several when they exceed PIPE_BUF), instead of one write per request.
// Whatever is still buffered is written when the process exits, so no line is lost on a normal stop.
export type LineWriter = { write(line: string): void; flush(): void };

/**
 * The longest write a pipe takes whole (PIPE_BUF on Linux). The workers of WEB_CONCURRENCY share stdout: a longer
 * write to a pipe may interleave with another worker's in the middle of a line, so a turn's lines leave in writes of
 * at most this many bytes, each ending at a line's end (docs/decisions/043-scale-out-web-concurrency.md).
 */
export const PIPE_BUF = 4096;

export function bufferedWriter(out: (text: string) => void): LineWriter {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const lines = pending;
    pending = [];
    let text = "";
    let bytes = 0;
    for (const line of lines) {
      const n = Buffer.byteLength(line);
      if (bytes + n > PIPE_BUF && bytes > 0) {
        out(text);
        text = "";
        bytes = 0;
      }
      text += line;
      bytes += n;
    }
    out(text);
  };
  return {
    write(line) {
      if (pending.push(line) === 1) setImmediate(flush);
    },
    flush,
  };
}

export const requestLog: LineWriter = bufferedWriter((text) => process.stdout.write(text));
process.once("exit", () => requestLog.flush());
