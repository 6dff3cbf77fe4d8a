// A screen's reload that nobody asked for (the live turnos grid reloading after another desk's change, ADR 052)
// carries this query parameter: the session check does not count it as the user's activity, so a screen left open
// while other desks work still reaches the idle timeout. Dropping the parameter only keeps one's own session alive.
const BACKGROUND_RELOAD_PARAM = "_vivo";

/** The URL of `pathname` + `search` as a background reload. */
export function backgroundReloadHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(BACKGROUND_RELOAD_PARAM, "1");
  return `${pathname}?${params}`;
}

/** Whether a request is a background reload (no activity of its user). */
export function isBackgroundReload(url: string): boolean {
  return new URL(url).searchParams.get(BACKGROUND_RELOAD_PARAM) === "1";
}
