// /users without JavaScript: a profile and a CUIT user name are legible at 390 and 1366 px (issue 39 item 9).
import { test } from "./fixtures";
import { ADMIN } from "./support";
import { checkUsersLegible } from "./users-legible-support";

test("'Perfil' and a CUIT 'Usuario' on one line, whole or with an ellipsis and the whole value as title", async ({
  page,
  signIn,
}) => {
  await signIn(page, ADMIN);
  await checkUsersLegible(page, { axe: false, shot: "usuarios-nojs" });
});
