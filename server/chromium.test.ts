// Issue 12: npm start on a machine without Chromium. As root with apt-get it installs it (the same packages as
// npm test), one log line, before listening; otherwise it prints the exact command; with Chromium, nothing.
import { describe, expect, test } from "vitest";
import { APT_SCRIPT, DEBIAN_CHROMIUM, ensureChromium, INSTALL_TIMEOUT_MS, type ChromiumHost } from "./chromium";

/** A machine: which files exist, who runs, what apt-get does; records the log and the scripts run. */
function host(over: Partial<ChromiumHost> & { files?: string[]; aptWorks?: boolean } = {}) {
  const files = new Set(over.files ?? []);
  const lines: string[] = [];
  const ran: [string, number][] = [];
  const h: ChromiumHost = {
    chromiumPath: undefined,
    exists: (p) => files.has(p),
    isRoot: true,
    hasAptGet: true,
    autoInstall: true,
    run: (script, timeoutMs) => {
      ran.push([script, timeoutMs]);
      if (over.aptWorks === false) return { ok: false, error: "apt-get terminó con código 100" };
      files.add(DEBIAN_CHROMIUM);
      return { ok: true, error: null };
    },
    log: (l) => lines.push(l),
    ...over,
  };
  return { h, lines, ran };
}

describe("ensureChromium", () => {
  test.each([[DEBIAN_CHROMIUM], ["/usr/bin/chromium-browser"]])("present at %s: nothing run, nothing said", (p) => {
    const { h, lines, ran } = host({ files: [p] });
    expect(ensureChromium(h)).toBe("present");
    expect(lines).toEqual([]);
    expect(ran).toEqual([]);
  });

  test("missing, as root with apt-get: installed like npm test does, one log line, with a time limit", () => {
    const { h, lines, ran } = host();
    expect(ensureChromium(h)).toBe("installed");
    expect(ran).toEqual([[APT_SCRIPT, INSTALL_TIMEOUT_MS]]);
    expect(APT_SCRIPT).toContain("apt-get install -y -qq chromium");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/instalándolo con apt-get install -y chromium/);
  });

  test("the installation fails: the server still starts; a second line with the command", () => {
    const { h, lines } = host({ aptWorks: false });
    expect(ensureChromium(h)).toBe("missing");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("código 100");
    expect(lines[1]).toContain("Ejecute: apt-get update && apt-get install -y chromium");
  });

  test.each([
    ["not root", { isRoot: false }, "Instálelo con: sudo apt-get update && sudo apt-get install -y chromium"],
    [
      "root, CHROMIUM_AUTO_INSTALL=0",
      { autoInstall: false },
      "Instálelo con: apt-get update && apt-get install -y chromium",
    ],
    ["no apt-get", { hasAptGet: false }, "Instale Chromium y defina CHROMIUM_PATH"],
    [
      "CHROMIUM_PATH somewhere else",
      { chromiumPath: "/opt/chrome/chrome" },
      "Chromium no encontrado en CHROMIUM_PATH=/opt/chrome/chrome",
    ],
  ])("%s: nothing installed, one line with what to do", (_name, over, says) => {
    const { h, lines, ran } = host(over);
    expect(ensureChromium(h)).toBe("missing");
    expect(ran).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(says);
    expect(lines[0]).toContain("responderán 503");
  });

  test("CHROMIUM_PATH=/usr/bin/chromium (the package's own path) is installed like the default", () => {
    const { h } = host({ chromiumPath: DEBIAN_CHROMIUM });
    expect(ensureChromium(h)).toBe("installed");
  });
});
