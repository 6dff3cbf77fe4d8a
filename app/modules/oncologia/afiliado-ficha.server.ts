// 'Buscar' by DNI on the ficha form (spec part 1 §2): the afi_* fields of the member with that DNI, from the
// registry (afiliados) and the member's address (domicilios), in readable text. Also the check every save makes:
// a ficha's DNI must be a member's (decision 027).
import { desc, eq, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { afiliados, domicilios, NULL_DATE } from "~db/schema/afiliados";
import { dniSchema } from "~/lib/input";
import { FICHA_MSG } from "./fichas.messages";
import { estadoCivilText, matchOption, parentescoText, sexoText } from "./afiliado-text";
import { DEFAULT_PROVINCIA, DEPARTAMENTOS_CATAMARCA, PROVINCIAS } from "./rules";

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
 * True when some member of the padrón has DNI `dni` (whether or not they have left: the same members the lookup
 * finds, so a ficha can be written for every member 'Buscar' fills in).
 */
export async function esAfiliado(db: Db | Tx, dni: string): Promise<boolean> {
  const [a] = await db
    .select({ idafi: afiliados.idafi })
    .from(afiliados)
    .where(eq(afiliados.numdoc, dni.trim()))
    .limit(1);
  return a != null;
}

/**
 * The member with DNI `dni` (dniSchema: 7 or 8 digits; the one that has not left first, then the newest), or null.
 * Department and province are matched to the form's options ('CAPITAL' → 'Capital').
 */
export async function afiliadoParaFicha(dni: string): Promise<AfiliadoFicha | null> {
  const parsed = dniSchema.safeParse(dni);
  if (!parsed.success) return null;
  const d = parsed.data;
  const db = await getDb();
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
    afi_nro_afi: a.nroafi,
    afi_parentesco: parentescoText(a.descparentesco, a.nroparentesco),
    afi_sexo: sexoText(a.sexocodigo),
    afi_nombre: a.apeynom.trim(),
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
