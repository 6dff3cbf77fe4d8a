// The product's promise for a change made elsewhere (another instance, an SQL console): a sign-out, a revoked session,
// a deactivated user or a profile change applies everywhere within 2 seconds (docs/decisions/042-session-cache.md).
export const PROMISED_MS = 2000;

/** Whether `check` comes true within `ms` (polled every 50 ms; the first try is immediate). */
export async function withinTwoSeconds(check: () => Promise<boolean>, ms = PROMISED_MS): Promise<boolean> {
  const deadline = performance.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (performance.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
