// The refusal named on /home (issue 28), with JavaScript: the tests are in home-sin-permiso-support.ts.
import { homeSinPermisoTests } from "./home-sin-permiso-support";

homeSinPermisoTests();
