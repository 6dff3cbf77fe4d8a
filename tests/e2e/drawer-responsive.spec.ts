// The drawer on phones and tablets (≤ 800 px: an overlay, closed by default, backdrop, Escape / outside tap /
// entry choice close it, the ☰ never covered), the desktop behaviour at 1366×768 (in the page flow, open by
// default), and the collapsed state remembered in a cookie so the first paint already shows it (no layout shift).
// Issue 10; docs/decisions/018. The same without JavaScript: drawer-responsive.nojs.spec.ts.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { backdrop, drawer, expectClickable, menuButton } from "./drawer-support";
import { ADMIN, expectPath, waitForHydration } from "./support";

test.describe("phone, 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("closed by default; ☰ opens it over a backdrop and stays reachable; Escape, a tap outside, the ☰ and an entry close it", async ({
    page,
    signIn,
  }) => {
    await signIn(page, ADMIN);
    await waitForHydration(page, "header button");
    const button = menuButton(page);

    // Closed by default, even with the wide-screen state 'open'.
    await expect(drawer(page)).toBeHidden();
    await expect(backdrop(page)).toBeHidden();
    await expect(button).toHaveAccessibleName("Mostrar menú");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expectClickable(button);
    // The screen title keeps most of the bar; the user's name gives way first.
    const titleBox = (await page.getByRole("banner").getByRole("heading").boundingBox())!;
    expect(titleBox.width).toBeGreaterThanOrEqual(150);

    // ☰ opens: an overlay of 240 px with a backdrop; the ☰ stays visible and clickable.
    await button.click();
    await expect(drawer(page)).toBeVisible();
    await expect(backdrop(page)).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(button).toHaveAccessibleName("Ocultar menú");
    const box = (await drawer(page).boundingBox())!;
    expect(Math.round(box.width)).toBe(240);
    await expectClickable(button);

    // Escape closes and gives the focus back to the ☰.
    await page.keyboard.press("Escape");
    await expect(drawer(page)).toBeHidden();
    await expect(backdrop(page)).toBeHidden();
    await expect(button).toBeFocused();

    // A tap outside (on the backdrop, right of the drawer) closes.
    await button.click();
    await expect(drawer(page)).toBeVisible();
    await page.mouse.click(350, 500);
    await expect(drawer(page)).toBeHidden();

    // The ☰ itself closes it again.
    await button.click();
    await expect(drawer(page)).toBeVisible();
    await button.click();
    await expect(drawer(page)).toBeHidden();

    // Choosing an entry navigates and leaves it closed: the DNI input of Búsqueda is free.
    await button.click();
    await drawer(page).locator('a[href="/consultar-padron"]').click();
    await expectPath(page, "/consultar-padron");
    await expect(drawer(page)).toBeHidden();
    await expect(backdrop(page)).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expectClickable(page.getByLabel("Ingrese el DNI"));
    await page.getByLabel("Ingrese el DNI").fill("12345678");

    // A new page load: closed again.
    await page.reload();
    await waitForHydration(page, "header button");
    await expect(drawer(page)).toBeHidden();
  });

  test("with the overlay open, Tab starts in the drawer", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await waitForHydration(page, "header button");
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).locator(":focus")).toHaveCount(1);
  });
});

test.describe("desktop, 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("unchanged: open by default beside the content, no backdrop; Escape and entries leave it open; ☰ collapses it", async ({
    page,
    signIn,
  }) => {
    await signIn(page, ADMIN);
    await waitForHydration(page, "header button");
    const button = menuButton(page);
    await expect(drawer(page)).toBeVisible();
    await expect(backdrop(page)).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const nav = (await drawer(page).boundingBox())!;
    expect(Math.round(nav.width)).toBe(240);
    const main = (await page.getByRole("main").boundingBox())!;
    expect(main.x).toBeGreaterThanOrEqual(240); // beside the content, not over it

    await page.keyboard.press("Escape");
    await expect(drawer(page)).toBeVisible();
    await drawer(page).locator('a[href="/consultar-padron"]').click();
    await expectPath(page, "/consultar-padron");
    await expect(drawer(page)).toBeVisible();

    await button.click();
    await expect(drawer(page)).toBeHidden();
    const mainClosed = (await page.getByRole("main").boundingBox())!;
    expect(mainClosed.x).toBeLessThan(10);
    await button.click();
    await expect(drawer(page)).toBeVisible();
  });

  test("the collapsed state is a cookie: the server renders it closed, so a reload paints it closed without a layout shift", async ({
    page,
    baseURL,
    signIn,
  }) => {
    await signIn(page, ADMIN);
    await waitForHydration(page, "header button");
    await menuButton(page).click();
    await expect(drawer(page)).toBeHidden();
    const cookies = await page.context().cookies(baseURL);
    expect(cookies.find((c) => c.name === "osep_menu")?.value).toBe("closed");

    // The server's HTML (before any script) already has it closed.
    const html = await (await page.request.get("/home")).text();
    expect(html).toMatch(/<div class="shell" data-drawer="closed"/);

    // A full reload: no layout shift at all, and it stays closed.
    await page.reload();
    await waitForHydration(page, "header button");
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!e.hadRecentInput) sum += e.value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(sum), 1500);
        }),
    );
    expect(shift).toBe(0);
    await expect(drawer(page)).toBeHidden();

    // Opened again: the cookie says so and the server renders it open.
    await menuButton(page).click();
    await expect(drawer(page)).toBeVisible();
    const again = await (await page.request.get("/home")).text();
    expect(again).toMatch(/<div class="shell" data-drawer="open"/);
  });
});

test("POST /menu: login required, same-origin targets only, bad input 400, GET 405", async ({
  page,
  playwright,
  baseURL,
  signIn,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const anon = await anonymous.post("/menu", { form: { back: "/home", menu: "abrir" }, maxRedirects: 0 });
  expect(anon.status()).toBe(302);
  expect(anon.headers()["location"]).toBe("/");
  await anonymous.dispose();

  await signIn(page, ADMIN);
  const post = (form: Record<string, string>) => page.request.post("/menu", { form, maxRedirects: 0 });
  const open = await post({ back: "/consultar-padron?metodo=dni", menu: "abrir" });
  expect(open.status()).toBe(303);
  expect(open.headers()["location"]).toBe("/consultar-padron?metodo=dni&menu=abierto");
  for (const back of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
    const res = await post({ back, menu: "abrir" });
    expect(res.headers()["location"], back).toBe("/home?menu=abierto");
  }
  const closed = await post({ back: "/acerca-de?menu=abierto", drawer: "closed" });
  expect(closed.status()).toBe(303);
  expect(closed.headers()["location"]).toBe("/acerca-de");
  expect(closed.headers()["set-cookie"]).toMatch(/^osep_menu=closed; Path=\/;/);
  expect((await post({ back: "/home", drawer: "maybe" })).status()).toBe(400);
  expect((await page.request.get("/menu")).status()).toBe(405);
});
