// bench:live's event-stream clients: what an open grid's EventSource does, in Node (fetch with the desk's session
// cookie, reading text/event-stream), recording when each `event: cambio` arrives (Date.now(), the machine's clock,
// the one the committing desk reads too). And a process's CPU time and memory, from /proc.
import fs from "node:fs";

export type StreamClient = { received: number[]; opened: Promise<void>; close: () => void };

export function openStream(origin: string, cookie: string, path: string): StreamClient {
  const received: number[] = [];
  const controller = new AbortController();
  let markOpen: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (markOpen = resolve));
  void (async () => {
    const res = await fetch(`${origin}${path}`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`${path}: ${res.status}`);
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const at = Date.now();
      text += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = text.indexOf("\n\n")) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        if (block.startsWith("retry:")) markOpen();
        if (block.startsWith("event: cambio")) received.push(at);
      }
    }
  })().catch((err: Error) => {
    // closed by us (AbortError) or by the server (undici's "terminated": a shutdown) is the end, not an error
    if (err.name !== "AbortError" && err.message !== "terminated") console.error(`[bench:live] stream: ${err.message}`);
  });
  return { received, opened, close: () => controller.abort() };
}

/** CPU seconds (user + system) and RSS (MiB) of a process, from /proc. */
export function processStats(pid: number): { cpuS: number; rssMiB: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = 100; // USER_HZ on Linux
  const cpuS = (Number(fields[11]) + Number(fields[12])) / ticks;
  const rssPages = Number(fields[21]);
  return { cpuS, rssMiB: (rssPages * 4096) / 1024 / 1024 };
}
