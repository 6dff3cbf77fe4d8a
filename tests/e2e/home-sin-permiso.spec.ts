// The refusal named on /home (issue 28), with JavaScript: the checks are in home-sin-permiso-support.ts.
import { test } from "./fixtures";
import { checkOnlyKnownScreensShown, checkRefusalNamesTheScreen } from "./home-sin-permiso-support";

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
