// 'Buscar' by DNI on the ficha form (spec part 1 §2): the afi_* fields of the member with that DNI, from the
// registry (afiliados) and the member's address (domicilios), in readable text. Also what every save takes from the
// registry: a ficha's DNI must be a member's (decision 027) and the member's identity is the registry's (issue 26).
import { desc, eq, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { afiliados, domicilios, NULL_DATE } from "~db/schema/afiliados";
import { dniSchema } from "~/lib/input";
import { FICHA_MSG } from "./fichas.messages";
import { estadoCivilText, matchOption, parentescoText, sexoText } from "./afiliado-text";
import {
  DEFAULT_PROVINCIA,
  DEPARTAMENTOS_CATAMARCA,
  IDENTIDAD_AFILIADO,
  PROVINCIAS,
  SIN_DATO_PADRON,
  type IdentidadAfiliado,
} from "./rules";

export type AfiliadoFicha = {
  afi_dni: string;
  afi_nro_afi: string;
  afi_parentesco: string;
  afi_sexo: string;
  afi_nombre: string;
  afi_estado_civil: string;
  afi_domicilio: string;
  afi_localidad: string;
  afi_departamento: string;
  afi_provincia: string;
  afi_telefono: string;
  afi_celular: string;
  afi_email: string;
};

export const AFILIADO_NO_EXISTE = FICHA_MSG.AFILIADO_NO_EXISTE;

/**
 * The identity of the member with DNI `dni` as every save stores it (issue 26): number, name, relationship and sex
 * from the registry — the same member 'Buscar' finds, whether or not they have left — with a blank one read
 * 'NO REGISTRADO'; null when no member has the DNI. Run inside the save's transaction.
 */
export async function identidadDelPadron(db: Db | Tx, dni: string): Promise<IdentidadAfiliado | null> {
  const a = await afiliadoParaFicha(dni, db);
  if (!a) return null;
  return Object.fromEntries(IDENTIDAD_AFILIADO.map((k) => [k, a[k]])) as IdentidadAfiliado;
}

/**
 * The member with DNI `dni` (dniSchema: 7 or 8 digits; the one that has not left first, then the newest), or null.
 * Department and province are matched to the form's options ('CAPITAL' → 'Capital'); an identity field the registry
 * leaves blank reads 'NO REGISTRADO' (SIN_DATO_PADRON), which is what a save stores for it.
 */
export async function afiliadoParaFicha(dni: string, conn?: Db | Tx): Promise<AfiliadoFicha | null> {
  const parsed = dniSchema.safeParse(dni);
  if (!parsed.success) return null;
  const d = parsed.data;
  const db = conn ?? (await getDb());
  const [a] = await db
    .select()
    .from(afiliados)
    .where(eq(afiliados.numdoc, d))
    .orderBy(sql`(${afiliados.fechbaja} = ${NULL_DATE}::date) desc`, desc(afiliados.idafi))
    .limit(1);
  if (!a) return null;
  const [dom] = await db
    .select()
    .from(domicilios)
    .where(eq(domicilios.idafi, a.idafi))
    .orderBy(desc(domicilios.id))
    .limit(1);
  const provincia = matchOption(dom?.provincia, PROVINCIAS) || DEFAULT_PROVINCIA;
  const departamento =
    provincia === "Catamarca"
      ? matchOption(dom?.departamento, DEPARTAMENTOS_CATAMARCA)
      : (dom?.departamento ?? "").trim();
  return {
    afi_dni: a.numdoc,
    afi_nro_afi: a.nroafi.trim() || SIN_DATO_PADRON,
    afi_parentesco: parentescoText(a.descparentesco, a.nroparentesco) || SIN_DATO_PADRON,
    afi_sexo: sexoText(a.sexocodigo) || SIN_DATO_PADRON,
    afi_nombre: a.apeynom.trim() || SIN_DATO_PADRON,
    afi_estado_civil: estadoCivilText(a.estcivil, a.escivilcod),
    afi_domicilio: [dom?.bedomcalle, dom?.bedomnumer]
      .map((v) => (v ?? "").trim())
      .filter(Boolean)
      .join(" "),
    afi_localidad: (dom?.localidad ?? "").trim(),
    afi_departamento: departamento,
    afi_provincia: provincia,
    afi_telefono: (dom?.telefono ?? "").trim(),
    afi_celular: (dom?.telcelular ?? "").trim(),
    afi_email: (dom?.email ?? "").trim(),
  };
}
