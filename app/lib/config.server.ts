// Process configuration read from the environment, in one place.
export function demoMode(): boolean {
  if (process.env.DEMO === "1") return true;
  if (process.env.DEMO === "0") return false;
  return !process.env.DATABASE_URL; // the embedded default is the demo
}

export function secureCookies(): boolean {
  if (process.env.COOKIE_SECURE === "1") return true;
  if (process.env.COOKIE_SECURE === "0") return false;
  return process.env.NODE_ENV === "production" && !demoMode();
}
