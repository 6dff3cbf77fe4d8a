// What a process must finish before its database closes at shutdown (a LISTEN connection, a stream's source): the
// area that opened it registers its closing here, and the server runs them all before closing the pool, without
// knowing the areas. One list per process on globalThis, shared by the server bundle and the Remix build (where the
// areas run).
type Hook = () => Promise<void>;

const key = Symbol.for("osep.shutdownHooks");
const g = globalThis as typeof globalThis & { [key]?: Set<Hook> };
const hooks = () => (g[key] ??= new Set<Hook>());

/** Registers `hook` to run at shutdown, before the database closes (once: the same function twice is one hook). */
export function onShutdown(hook: Hook): void {
  hooks().add(hook);
}

/** Runs every registered hook (their failures ignored: the process is ending) and forgets them. */
export async function runShutdownHooks(): Promise<void> {
  const all = [...hooks()];
  hooks().clear();
  await Promise.allSettled(all.map((h) => h()));
}
