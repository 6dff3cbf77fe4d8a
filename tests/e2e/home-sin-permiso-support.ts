// A signed-in user sent away from a screen their profile lacks is told why on /home (issue 28): the guard names the
// screen in the redirect (?sinPermiso=<path>) and /home shows 'No tiene permiso para acceder a …' with the drawer's
// label; only a known screen path is shown, never text of the URL. The JSON API keeps its 403 { msg }. The tests
// declared by home-sin-permiso.spec.ts (JavaScript) and home-sin-permiso.nojs.spec.ts (the same pages from the server).
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test, type SignIn } from "./fixtures";
import { apiToken, CONSULTA, expectPath } from "./support";

/** 'consulta' opening /users and /perfiles lands on /home with the reason; the API answers 403 JSON. */
async function checkRefusalNamesTheScreen(page: Page, request: APIRequestContext, signIn: SignIn) {
  await signIn(page, CONSULTA);
  await page.goto("/users?nuevo=1");
  await expectPath(page, "/home");
  await expect(page.getByRole("alert")).toHaveText("No tiene permiso para acceder a ABM Usuarios (/users)");
  await page.goto("/home");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.goto("/perfiles");
  await expect(page.getByRole("alert")).toHaveText("No tiene permiso para acceder a Perfiles (/perfiles)");

  const token = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
  const res = await request.get("/api/users", { headers: { "x-auth-token": token } });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ msg: "No tiene permiso para acceder a esta pantalla" });
}

/** /home shows only a known screen: text put in the URL never reaches the page. */
async function checkOnlyKnownScreensShown(page: Page, signIn: SignIn) {
  await signIn(page, CONSULTA);
  for (const raw of ["Su cuenta fue bloqueada, llame al 0800", "/users <b>llame al 0800</b>", "/no-existe"]) {
    await page.goto(`/home?sinPermiso=${encodeURIComponent(raw)}`);
    await expect(page.getByRole("heading", { level: 2 })).toContainText("Bienvenido/a");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("0800")).toHaveCount(0);
  }
}

/** The two tests, declared by each of the two spec files (its project: with or without JavaScript). */
export function homeSinPermisoTests(): void {
  test("consulta opening /users lands on /home with the reason; the API answers 403 JSON", async ({
    page,
    request,
    signIn,
  }) => {
    await checkRefusalNamesTheScreen(page, request, signIn);
  });

  test("/home shows only a known screen: text put in the URL never reaches the page", async ({ page, signIn }) => {
    await checkOnlyKnownScreensShown(page, signIn);
  });
}
