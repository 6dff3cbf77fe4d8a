// Sessions: change password (popups of spec §2/§8), sign-out, and the JSON session API with bad inputs.
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import {
  ADMIN,
  adminToken,
  apiToken,
  createThrowawayUser,
  expectPath,
  login,
  submitLogin,
  waitForHydration,
} from "./support";

async function openChangePassword(page: Page) {
  await page.goto("/change-password");
  await expect(page.getByRole("banner").getByRole("heading", { name: "Cambiar Contraseña" })).toBeVisible();
  await waitForHydration(page, "main form button");
}

/** A throwaway user signed in on `page`, on the change-password form: the user (with its first password). */
async function onChangePasswordAsNewUser(page: Page, request: APIRequestContext) {
  const user = await createThrowawayUser(request);
  await login(page, user.usuario, user.password);
  await openChangePassword(page);
  return user;
}

async function fillChange(page: Page, current: string, next: string, repeat: string) {
  await page.getByLabel("Contraseña Actual", { exact: true }).fill(current);
  await page.getByLabel("Contraseña Nueva", { exact: true }).fill(next);
  await page.getByLabel("Repetir Contraseña Nueva", { exact: true }).fill(repeat);
  await page.getByRole("main").getByRole("button", { name: "Cambiar Contraseña" }).click();
}

test.describe("change password", () => {
  test("wrong current password shows the error popup with the server message", async ({ page, request }) => {
    const user = await onChangePasswordAsNewUser(page, request);
    await fillChange(page, "no-es-la-actual", "Nueva-clave-987", "Nueva-clave-987");
    // One assertion for title and text: the popup hides itself after 2 s.
    const dialog = page
      .getByRole("dialog", { name: "Error al cambiar contraseña" })
      .filter({ hasText: "La contraseña actual es incorrecta" });
    await expect(dialog).toBeVisible();
    // The message clears by itself (spec §8: after 2 s).
    await expect(dialog).toBeHidden();
    // Nothing changed: the old password still works.
    await page.context().clearCookies();
    await login(page, user.usuario, user.password);
  });

  test("the server's error stays under its field once the popup has gone, until the field is edited", async ({
    page,
    request,
  }) => {
    await onChangePasswordAsNewUser(page, request);
    await fillChange(page, "no-es-la-actual", "Nueva-clave-987", "Nueva-clave-987");
    const dialog = page.getByRole("dialog", { name: "Error al cambiar contraseña" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeHidden();
    const current = page.getByLabel("Contraseña Actual", { exact: true });
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toHaveAccessibleDescription("La contraseña actual es incorrecta");
    await expect(page.getByLabel("Contraseña Nueva", { exact: true })).not.toHaveAttribute("aria-invalid");
    // the popup can also be closed before its time
    await fillChange(page, "otra-que-no-es", "Nueva-clave-987", "Nueva-clave-987");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
    await current.fill("x");
    await expect(current).not.toHaveAttribute("aria-invalid");
  });

  test("a mismatch shows 'La contrasenas deben coincidir' and changes nothing", async ({ page, request }) => {
    const user = await onChangePasswordAsNewUser(page, request);
    await fillChange(page, user.password, "Nueva-clave-987", "Otra-clave-654");
    await expect(page.getByText("La contrasenas deben coincidir", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Repetir Contraseña Nueva", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("dialog", { name: "Contraseña modificada!" })).toHaveCount(0);
    await page.context().clearCookies();
    await login(page, user.usuario, user.password);
  });

  test("success shows 'Contraseña modificada!'; after sign-out the old password fails and the new one works", async ({
    page,
    request,
  }) => {
    const user = await onChangePasswordAsNewUser(page, request);
    const newPassword = "Nueva-clave-987";
    await fillChange(page, user.password, newPassword, newPassword);
    const dialog = page
      .getByRole("dialog", { name: "Contraseña modificada!" })
      .filter({ hasText: "La contraseña fue modificada con éxito" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeHidden();
    // The form is reset after a success.
    await expect(page.getByLabel("Contraseña Actual", { exact: true })).toHaveValue("");

    await page
      .getByRole("navigation", { name: "Menú principal" })
      .getByRole("button", { name: "Cerrar Sesión" })
      .click();
    await expectPath(page, "/");
    await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toBeVisible();

    await submitLogin(page, user.usuario, user.password);
    await expect(page.getByRole("alert")).toHaveText("Usuario o contraseña incorrectos");
    await expectPath(page, "/");

    await login(page, user.usuario, newPassword);
    await expect(page.getByRole("banner").getByText(user.apeynom, { exact: true })).toBeVisible();

    // The JSON API agrees.
    const old = await request.post("/api/auth", { data: { usuario: user.usuario, password: user.password } });
    expect(old.status()).toBe(401);
    await apiToken(request, user.usuario, newPassword);
  });
});

test.describe("change password: policy and throttling (ADR 025)", () => {
  test("a common password or the user's own name is refused on the spot, with the reason under the field", async ({
    page,
    request,
  }) => {
    const user = await onChangePasswordAsNewUser(page, request);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET") posts.push(r.url());
    });
    const next = page.getByLabel("Contraseña Nueva", { exact: true });
    for (const [weak, msg] of [
      ["aaaaaaaa", "La contraseña es demasiado común; elija otra"],
      ["osep2026", "La contraseña es demasiado común; elija otra"],
      [user.usuario.toUpperCase(), "La contraseña no puede ser igual al usuario"],
    ]) {
      await fillChange(page, user.password, weak, weak);
      await expect(next).toHaveAttribute("aria-invalid", "true");
      await expect(next).toHaveAccessibleDescription(msg);
    }
    expect(posts).toEqual([]);
  });

  test("wrong current passwords are throttled: after 5, 429 with when to try again (API and screen)", async ({
    page,
    request,
  }) => {
    const user = await createThrowawayUser(request);
    await login(page, user.usuario, user.password);
    const token = await apiToken(request, user.usuario, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await request.put("/api/users/cambiarcontrasenia", {
        headers: { "x-auth-token": token },
        data: {
          currente_pass: `no-es-la-actual-${i}`,
          new_pass: "Nueva-clave-987",
          repeat_new_pass: "Nueva-clave-987",
        },
      });
      statuses.push(res.status());
    }
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(7).fill(429)]);
    // the screen, same user and address, even with the right current password
    await openChangePassword(page);
    await fillChange(page, user.password, "Nueva-clave-987", "Nueva-clave-987");
    const dialog = page
      .getByRole("dialog", { name: "Error al cambiar contraseña" })
      .filter({ hasText: /Demasiados intentos fallidos para este usuario\. Intente nuevamente en \d+ minutos?\./ });
    await expect(dialog).toBeVisible();
  });
});

test.describe("sign-out", () => {
  test("'Cerrar Sesión' goes to / and the app is gone: back button and reopening /home redirect to /", async ({
    page,
  }) => {
    await login(page, ADMIN.usuario, ADMIN.password);
    await page.goto("/acerca-de");
    await expectPath(page, "/acerca-de");
    await page
      .getByRole("navigation", { name: "Menú principal" })
      .getByRole("button", { name: "Cerrar Sesión" })
      .click();
    await expectPath(page, "/");
    await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toBeVisible();

    await page.goBack();
    await expectPath(page, "/");
    await expect(page.getByRole("navigation", { name: "Menú principal" })).toHaveCount(0);
    await expect(page.getByText(ADMIN.apeynom)).toHaveCount(0);

    await page.goto("/home");
    await expectPath(page, "/");
    await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toBeVisible();
    await expect(page.getByText(ADMIN.apeynom)).toHaveCount(0);
  });

  test("a stolen copy of the signed-out cookie does not work", async ({ page, browser }) => {
    await login(page, ADMIN.usuario, ADMIN.password);
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.httpOnly && c.sameSite === "Lax")).toBe(true);
    await page
      .getByRole("navigation", { name: "Menú principal" })
      .getByRole("button", { name: "Cerrar Sesión" })
      .click();
    await expectPath(page, "/");
    const other = await browser.newContext();
    try {
      await other.addCookies(cookies);
      const p = await other.newPage();
      await p.goto(new URL("/home", page.url()).href);
      await expectPath(p, "/");
    } finally {
      await other.close();
    }
  });
});

test.describe("JSON session API", () => {
  test("POST gives a token; GET returns the user and permissions; DELETE ends it (then 401 with msg)", async ({
    request,
  }) => {
    const token = await adminToken(request);
    const me = await request.get("/api/auth", { headers: { "x-auth-token": token } });
    expect(me.status()).toBe(200);
    const body = await me.json();
    expect(body.user.apeynom).toBe(ADMIN.apeynom);
    expect(body.user.usuario).toBe(ADMIN.usuario);
    expect(Array.isArray(body.allowed_screen)).toBe(true);
    expect(body.allowed_screen).toEqual(
      expect.arrayContaining(["/users", "/buscar-ficha", "/nueva-ficha", "/consultar-padron"]),
    );
    for (const s of body.allowed_screen) expect(typeof s).toBe("string");
    expect(Array.isArray(body.allowed_operation)).toBe(true);
    expect(body.allowed_operation.length).toBeGreaterThanOrEqual(38);
    for (const op of body.allowed_operation) expect(typeof op).toBe("string");
    expect(body.allowed_operation).toEqual(expect.arrayContaining(["1", "14", "15", "19", "27", "37", "38"]));

    const out = await request.delete("/api/auth", { headers: { "x-auth-token": token } });
    expect(out.status()).toBe(200);
    const after = await request.get("/api/auth", { headers: { "x-auth-token": token } });
    expect(after.status()).toBe(401);
    expect(typeof (await after.json()).msg).toBe("string");
  });

  test("consulta's permissions are those of its profile", async ({ request }) => {
    const token = await apiToken(request, "consulta", "consulta");
    const body = await (await request.get("/api/auth", { headers: { "x-auth-token": token } })).json();
    expect([...body.allowed_screen].sort()).toEqual(["/buscar-ficha", "/consultar-padron", "/listado-afiliados"]);
    expect([...body.allowed_operation].sort()).toEqual(["14", "15", "19"]);
    await request.delete("/api/auth", { headers: { "x-auth-token": token } });
  });

  test("a missing or bad token gets 401 with msg", async ({ request }) => {
    const headerSets: Record<string, string>[] = [
      {},
      { "x-auth-token": "no-es-un-token" },
      { "x-auth-token": "x".repeat(10_000) },
    ];
    for (const headers of headerSets) {
      const res = await request.get("/api/auth", { headers });
      expect(res.status()).toBe(401);
      const body = await res.json();
      expect(body.msg).toMatch(/token/i);
    }
  });

  async function expectSpanish4xx(res: APIResponse, expected?: string | RegExp) {
    const status = res.status();
    expect(status, await res.text()).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    const body = await res.json();
    expect(typeof body.msg).toBe("string");
    expect(body.msg.trim().length).toBeGreaterThan(0);
    expect(body.msg).not.toMatch(/\b(invalid|required|expected|unexpected|undefined|null|syntax)\b/i); // no raw English parser message
    if (expected) expect(body.msg).toMatch(expected);
    expect(body.token).toBeUndefined();
  }

  test("bad inputs on POST /api/auth get a 4xx with a Spanish msg, never a 500", async ({ request }) => {
    const required = /^Todos los campos son obligatorios!$/;
    await expectSpanish4xx(await request.post("/api/auth", { data: { usuario: "", password: "" } }), required);
    await expectSpanish4xx(await request.post("/api/auth", { data: { usuario: "   ", password: "   " } }), required);
    await expectSpanish4xx(await request.post("/api/auth", { data: {} }), required);
    await expectSpanish4xx(await request.post("/api/auth", { data: { usuario: null, password: 12 } }));
    await expectSpanish4xx(
      await request.post("/api/auth", { data: { usuario: "x".repeat(10_000), password: "x".repeat(10_000) } }),
      /largo/,
    );
    await expectSpanish4xx(
      await request.post("/api/auth", { data: { usuario: "admin", password: "x".repeat(10_000) } }),
      /largo/,
    );
    await expectSpanish4xx(
      await request.post("/api/auth", { data: { usuario: "' OR 1=1 --", password: "' OR 1=1 --" } }),
      /incorrectos|intentos/,
    );
    await expectSpanish4xx(
      await request.post("/api/auth", { data: { usuario: "admin' --", password: "x' OR '1'='1" } }),
      /incorrectos|intentos/,
    );
    // Non-UTF-8 bytes.
    const bad = Buffer.concat([
      Buffer.from('{"usuario":"'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
      Buffer.from('","password":"admin"}'),
    ]);
    // (refused by the request gate before the body is parsed: text that is not UTF-8, ADR 024)
    await expectSpanish4xx(
      await request.post("/api/auth", { data: bad, headers: { "content-type": "application/json" } }),
      /JSON|UTF-8|caracteres no válidos/,
    );
    // Not JSON, an array, a string.
    await expectSpanish4xx(
      await request.post("/api/auth", {
        data: Buffer.from("usuario=admin&password=admin{"),
        headers: { "content-type": "application/json" },
      }),
    );
    await expectSpanish4xx(
      await request.post("/api/auth", { data: Buffer.from("[1,2]"), headers: { "content-type": "application/json" } }),
    );
    await expectSpanish4xx(
      await request.post("/api/auth", {
        data: Buffer.from('"admin"'),
        headers: { "content-type": "application/json" },
      }),
    );
    // None of that signed anybody in: admin still signs in normally (and was not throttled).
    await adminToken(request);
  });

  test("POST /api/users: ids beyond an integer and weak passwords get a 400 with a Spanish msg", async ({
    request,
  }) => {
    const token = await adminToken(request);
    const create = (data: Record<string, unknown>) =>
      request.post("/api/users", { headers: { "x-auth-token": token }, data });
    const base = {
      apeynom: "PRUEBA LIMITES",
      usuario: `limites_${Date.now().toString(36)}`,
      password: "Clave-e2e-1234",
    };
    const huge = await create({ ...base, usPerfilId: 99999999999 });
    expect(huge.status()).toBe(400);
    expect(await huge.json()).toEqual({
      msg: "Perfil inválido",
      errors: [{ param: "usPerfilId", msg: "Perfil inválido" }],
    });
    const weak = await create({ ...base, password: "12345678" });
    expect(weak.status()).toBe(400);
    expect((await weak.json()).msg).toBe("La contraseña es demasiado común; elija otra");
    const same = await create({ ...base, password: base.usuario });
    expect(same.status()).toBe(400);
    expect((await same.json()).msg).toBe("La contraseña no puede ser igual al usuario");
  });

  test("bad inputs on the login form get a 4xx, never a 500", async ({ request }) => {
    const post = (form: Record<string, string>) => request.post("/?index", { form, maxRedirects: 0 });
    for (const form of [
      { usuario: "", password: "" },
      { usuario: "x".repeat(10_000), password: "x" },
      { usuario: "admin", password: "x".repeat(10_000) },
      { usuario: "' OR 1=1 --", password: "' OR 1=1 --" },
    ]) {
      const res = await post(form);
      expect(res.status(), JSON.stringify(form).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status()).toBeLessThan(500);
    }
    const bin = await request.post("/?index", {
      data: Buffer.concat([Buffer.from("usuario="), Buffer.from([0xff, 0xfe]), Buffer.from("&password=%FF%FE")]),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    expect(bin.status()).toBeGreaterThanOrEqual(400);
    expect(bin.status()).toBeLessThan(500);
  });
});
