// The migration of a MAE ficha to the next school year with its active students (issue 28,
// docs/decisions/055-mae-front-desk.md): the new ficha and the copies of the students the clerk kept, in ONE
// transaction — a refusal leaves neither. The origin is checked here (same DNI, the year before), and the kept
// students must still be active students of it when the copy runs.
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "~db/client.server";
import { maeAlumnos, maeFichas } from "~db/schema/mae";
import { Abort, fail } from "~db/transaction";
import type { SessionUser } from "~/auth/sessions.server";
import { audit } from "~/lib/audit.server";
import type { FichaMaeInput } from "./mae.schema";
import { crearFicha, type FichaResult } from "./mae.server";
import { alumnoEnTextoDeRegistro, anioDeMigracion, MAE_MSG } from "./rules";

/** Which students to carry over: the origin ficha and the ids kept (the unchecked ones stay behind). */
export type Migracion = { origen: number; alumnos: number[] };

/**
 * 'Guardar MAE' on the migration URL: `input` is the new ficha (its year the one after the origin's), `m.alumnos`
 * the origin's active students that go with it. An origin of another DNI or year → 422; a kept student that is no
 * longer an active student of the origin → 409; either way nothing is written.
 */
export function migrarFicha(input: FichaMaeInput, m: Migracion, by: SessionUser): Promise<FichaResult> {
  return crearFicha(input, by, (tx, fichaId) => copiarAlumnos(tx, input, m, fichaId, by));
}

async function copiarAlumnos(tx: Tx, input: FichaMaeInput, m: Migracion, fichaId: number, by: SessionUser) {
  const [origen] = await tx
    .select({ dni: maeFichas.dni, anio_lectivo: maeFichas.anio_lectivo })
    .from(maeFichas)
    .where(eq(maeFichas.id, m.origen))
    .for("share");
  if (!origen || origen.dni !== input.dni || anioDeMigracion(origen.anio_lectivo) !== input.anio_lectivo) {
    throw new Abort(fail(422, MAE_MSG.MIGRACION_ORIGEN_INVALIDO, "origen"));
  }
  const ids = [...new Set(m.alumnos)];
  const kept = ids.length
    ? await tx
        .select()
        .from(maeAlumnos)
        .where(and(eq(maeAlumnos.id_ficha, m.origen), eq(maeAlumnos.estado, true), inArray(maeAlumnos.id, ids)))
        .for("share")
    : [];
  if (kept.length !== ids.length) throw new Abort(fail(409, MAE_MSG.MIGRACION_ALUMNOS_CAMBIARON, "alumnos"));
  if (kept.length) {
    await tx.insert(maeAlumnos).values(
      kept.map((a) => ({
        id_ficha: fichaId,
        dni: a.dni,
        apeynom: a.apeynom,
        expediente: a.expediente,
        horario: a.horario,
        ...alumnoEnTextoDeRegistro(a), // as stored (ADR 077): the one rule, should an old row have escaped it
        observacion: a.observacion,
        estado: true,
        anio_lectivo: input.anio_lectivo,
      })),
    );
  }
  await audit(tx, by, {
    accion: "mae.ficha.migrar",
    entidad: "mae_ficha",
    entidadId: fichaId,
    detalle: { origen: m.origen, alumnos: kept.map((a) => ({ id: a.id, dni: a.dni })) },
  });
}
