// The three route classes of spec part 1 §2: public, login-only (→ '/'), permission-gated (→ '/home' or '/').
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, apiToken, CONSULTA, expectPath } from "./support";

test.describe("not signed in", () => {
  for (const path of ["/buscar-ficha", "/regcapa/5", "/users", "/regmae/2024/30111222/PEREZ/TITULO"]) {
    test(`gated ${path} redirects to /`, async ({ page, request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBeGreaterThanOrEqual(300);
      expect(res.status()).toBeLessThan(400);
      expect(new URL(res.headers()["location"] ?? "", "http://x").pathname).toBe("/");

      await page.goto(path);
      await expectPath(page, "/");
      await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toBeVisible();
    });
  }

  for (const path of ["/home", "/turnos", "/change-password", "/acerca-de", "/listado-turnos"]) {
    test(`login-only ${path} redirects to /`, async ({ page, request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBeGreaterThanOrEqual(300);
      expect(res.status()).toBeLessThan(400);
      expect(new URL(res.headers()["location"] ?? "", "http://x").pathname).toBe("/");

      await page.goto(path);
      await expectPath(page, "/");
      await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toBeVisible();
    });
  }

  test("public /consulta-coberturas-esp loads without sign-in", async ({ page }) => {
    const res = await page.goto("/consulta-coberturas-esp");
    expect(res?.status()).toBe(200);
    await expectPath(page, "/consulta-coberturas-esp");
    await expect(page.getByText("CONSULTA DE COBERTURAS ESPECIALES", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toHaveCount(0);
  });

  test("public /carnet-cobertura loads without sign-in", async ({ page }) => {
    const res = await page.goto("/carnet-cobertura");
    expect(res?.status()).toBe(200);
    await expectPath(page, "/carnet-cobertura");
    await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toHaveCount(0);
  });

  test("the login page itself is public", async ({ page }) => {
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expectPath(page, "/");
  });
});

test.describe("signed in as admin (every grantable screen, ADR 029)", () => {
  test("/turnos and /listado-turnos open", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    for (const path of ["/turnos", "/listado-turnos"]) {
      await page.goto(path);
      await expectPath(page, path);
    }
  });
});

test.describe("signed in as consulta", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, CONSULTA);
  });

  for (const path of ["/users", "/nueva-ficha", "/perfiles", "/regcapa/5", "/liquidacion-prestadores"]) {
    test(`${path} (not allowed) redirects to /home`, async ({ page }) => {
      await page.goto(path);
      await expectPath(page, "/home");
      await expect(page.getByRole("banner").getByText(CONSULTA.apeynom, { exact: true })).toBeVisible();
    });
  }

  test("/buscar-ficha (allowed) stays", async ({ page }) => {
    await page.goto("/buscar-ficha");
    await expectPath(page, "/buscar-ficha");
    await expect(page.getByRole("banner").getByRole("heading", { name: "Buscar Ficha" })).toBeVisible();
  });

  test("login-only screens are open to any signed-in user", async ({ page }) => {
    for (const path of ["/home", "/acerca-de", "/change-password"]) {
      await page.goto(path);
      await expectPath(page, path);
    }
  });

  // Login-only for anonymous users, but signed in they need the profile's grant (ADR 030): consulta has neither.
  for (const path of ["/turnos", "/listado-turnos"]) {
    test(`${path} without the profile's grant redirects to /home`, async ({ page, request }) => {
      await page.goto(path);
      await expectPath(page, "/home");
      await expect(page.getByRole("banner").getByText(CONSULTA.apeynom, { exact: true })).toBeVisible();
      // Its API answers 403 for the same user.
      const token = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
      const api =
        path === "/turnos"
          ? "/api/turnos/turnostipotramite/?tipo_tramite=AFILIACIONES&fecha_turno=2099-06-01"
          : "/api/turnos/turnospordni/30111222";
      const res = await request.get(api, { headers: { "x-auth-token": token } });
      expect(res.status()).toBe(403);
    });
  }

  test("public screens stay public when signed in", async ({ page }) => {
    await page.goto("/consulta-coberturas-esp");
    await expectPath(page, "/consulta-coberturas-esp");
  });
});
