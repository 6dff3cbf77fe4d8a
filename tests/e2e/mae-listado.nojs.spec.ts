// 'Listado MAE' without JavaScript: the same hidden '(inactivo)' and registry-form title (issue 39 item 8).
import { test } from "@playwright/test";
import { checkListadoMae, fichaConInactivo } from "./mae-listado-support";
import { ADMIN, login } from "./support";

test("an inactive student says '(inactivo)' in hidden text; 'Título MAE' and 'Escuela Nivel' in the registry's form", async ({
  page,
  request,
}) => {
  const ficha = await fichaConInactivo(request);
  await login(page, ADMIN.usuario, ADMIN.password, { hydrate: false });
  await checkListadoMae(page, ficha, { axe: false, shot: "mae-listado-nojs" });
});
