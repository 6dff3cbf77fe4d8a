// The request log's writer: the lines of one turn of the event loop leave in a single write to stdout (a pipe or a
// file, where Node writes synchronously), instead of one write per request. Whatever is still buffered is written
// when the process exits, so no line is lost on a normal stop.
export type LineWriter = { write(line: string): void; flush(): void };

export function bufferedWriter(out: (text: string) => void): LineWriter {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
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
