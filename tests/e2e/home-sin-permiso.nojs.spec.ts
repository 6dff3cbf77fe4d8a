// The refusal named on /home (issue 28), without JavaScript (the same pages from the server): the tests are in
// home-sin-permiso-support.ts.
import { homeSinPermisoTests } from "./home-sin-permiso-support";

homeSinPermisoTests();
