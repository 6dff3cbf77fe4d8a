// A MAE teacher who is a member of the padrón (issue 28, docs/decisions/055-mae-front-desk.md): the ficha's name is
// the registry's for that DNI, whatever the client sent (DESIGN: identity comes from the registry). A DNI that is no
// member's keeps the typed name.
import { searchPadron } from "~/modules/afiliados/padron.server";

/** The registry's name of the member with this DNI (the first one, as Validar does), or null when none. */
export async function nombreDelPadron(dni: string): Promise<string | null> {
  const found = await searchPadron("dni", dni);
  if (!found.ok) return null;
  return found.rows[0]?.apeynom?.trim() || null;
}

/** The ficha as it is stored: a member teacher's name replaced by the registry's. */
export async function conNombreDelPadron<T extends { dni: string; apeynom: string }>(input: T): Promise<T> {
  const nombre = await nombreDelPadron(input.dni);
  return nombre ? { ...input, apeynom: nombre } : input;
}
