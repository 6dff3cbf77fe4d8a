// 'Listado MAE' without JavaScript: the same hidden '(inactivo)' and registry-form title (issue 39 item 8).
import { test } from "./fixtures";
import { checkListadoMae, fichaConInactivo } from "./mae-listado-support";
import { ADMIN } from "./support";

test("an inactive student says '(inactivo)' in hidden text; 'Título MAE' and 'Escuela Nivel' in the registry's form", async ({
  page,
  request,
  signIn,
}) => {
  const ficha = await fichaConInactivo(request);
  await signIn(page, ADMIN);
  await checkListadoMae(page, ficha, { axe: false, shot: "mae-listado-nojs" });
});
