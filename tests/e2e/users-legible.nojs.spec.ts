// /users without JavaScript: a profile and a CUIT user name are legible at 390 and 1366 px (issue 39 item 9).
import { test } from "@playwright/test";
import { ADMIN, login } from "./support";
import { checkUsersLegible } from "./users-legible-support";

test("'Perfil' and a CUIT 'Usuario' on one line, whole or with an ellipsis and the whole value as title", async ({
  page,
}) => {
  await login(page, ADMIN.usuario, ADMIN.password, { hydrate: false });
  await checkUsersLegible(page, { axe: false, shot: "usuarios-nojs" });
});
