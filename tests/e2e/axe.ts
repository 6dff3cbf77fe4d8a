// Accessibility check of the end-to-end tests: axe-core (WCAG 2.1 A/AA rules and best practices) over the page
// or one part of it. Serious and critical violations fail the test; the message lists rule and nodes.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Asserts that axe finds no serious or critical violation on the page (or inside `include`, a CSS selector). */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(" | ")}`,
    );
  expect(serious, `axe on ${page.url()}${include ? ` (${include})` : ""}`).toEqual([]);
}

/** The ids of every axe violation of any impact (for checks of a moderate rule such as heading-order). */
export async function a11yViolationIds(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => v.id);
}
