// 'Registro de Auditoría' without JavaScript: the same words and lines (issue 39 item 10).
import { test } from "@playwright/test";
import { checkRegistro, fichaMaeNueva } from "./registro-auditoria-support";
import { ADMIN, login } from "./support";

test("'Ingreso', 'Ficha MAE creada' and the detail as 'clave: valor' lines; the filter takes the word", async ({
  page,
  request,
}) => {
  const dni = await fichaMaeNueva(request);
  await login(page, ADMIN.usuario, ADMIN.password, { hydrate: false });
  await checkRegistro(page, dni, { axe: false, shot: "auditoria-nojs" });
});
