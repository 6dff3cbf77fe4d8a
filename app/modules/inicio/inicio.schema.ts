// /home's query (issue 28): `sinPermiso`, the path of the screen the guard refused. Never refuses: a bad or repeated
// value is no notice (rules.ts names only known screens).
import { z } from "~/lib/zod";

export const InicioQuerySchema = z.object({
  sinPermiso: z.string().max(100).optional().catch(undefined),
});
