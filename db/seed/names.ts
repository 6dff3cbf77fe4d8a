// Argentine given names and surnames as the legacy registry writes them: upper case, with accents.
import type { Rng } from "./random.ts";

export const SURNAMES: readonly string[] = [
  "GONZÁLEZ", "RODRÍGUEZ", "GÓMEZ", "FERNÁNDEZ", "LÓPEZ", "DÍAZ", "MARTÍNEZ", "PÉREZ", "GARCÍA", "SÁNCHEZ",
  "ROMERO", "SOSA", "ÁLVAREZ", "TORRES", "RUIZ", "RAMÍREZ", "FLORES", "BENÍTEZ", "ACOSTA", "MEDINA",
  "HERRERA", "SUÁREZ", "AGUIRRE", "GIMÉNEZ", "GUTIÉRREZ", "PEREYRA", "ROJAS", "MOLINA", "CASTRO", "ORTIZ",
  "SILVA", "NÚÑEZ", "LUNA", "JUÁREZ", "CABRERA", "RÍOS", "MORALES", "GODOY", "MORENO", "FERREYRA",
  "DOMÍNGUEZ", "CARRIZO", "PERALTA", "CASTILLO", "LEDESMA", "QUIROGA", "VEGA", "VERA", "MUÑOZ", "OJEDA",
  "PONCE", "VILLALBA", "CARDOZO", "NAVARRO", "CORONEL", "VÁZQUEZ", "RAMOS", "VARGAS", "CÁCERES", "ARIAS",
  "FIGUEROA", "CÓRDOBA", "CORREA", "MALDONADO", "PAZ", "RIVERO", "MIRANDA", "MANSILLA", "FARÍAS", "ROLDÁN",
  "MÉNDEZ", "GUZMÁN", "AGÜERO", "HERNÁNDEZ", "LUCERO", "CRUZ", "PÁEZ", "ESCOBAR", "MENDOZA", "BARRIOS",
  "BUSTOS", "ÁVILA", "AYALA", "BLANCO", "SORIA", "MAIDANA", "ACUÑA", "LEIVA", "MARTÍN", "MOYANO",
  "CAMPOS", "OLIVERA", "BRITO", "SOTO", "VALDEZ", "ARGAÑARAZ", "BAZÁN", "SAAVEDRA", "TAPIA", "VERGARA",
  "CHAZARRETA", "CANO", "BARROS", "ZALAZAR", "QUINTEROS", "SORAIRE", "OCAMPO", "VILLAFAÑE", "CASAS", "NIEVA",
  "SEGURA", "VILLAGRA", "OLMOS", "MONTIVERO", "ARAMAYO", "BRIZUELA", "SALAS", "REINOSO", "ÁLAMO", "CASTAÑO",
  "CEBALLOS", "SARAVIA", "OVEJERO", "AYBAR", "MERCADO", "TEJERINA", "ZÁRATE", "IBÁÑEZ", "ORQUERA", "ALANÍS",
];

export const MALE_NAMES: readonly string[] = [
  "JUAN", "CARLOS", "JOSÉ", "LUIS", "JORGE", "MIGUEL", "DANIEL", "MARIO", "RAÚL", "RAMÓN", "HÉCTOR", "RUBÉN",
  "OSCAR", "SERGIO", "RICARDO", "ROBERTO", "PABLO", "MARCELO", "DIEGO", "GUSTAVO", "FERNANDO", "ALEJANDRO",
  "CLAUDIO", "EDUARDO", "FRANCISCO", "ANTONIO", "MARTÍN", "NICOLÁS", "MATÍAS", "GONZALO", "SEBASTIÁN",
  "FACUNDO", "AGUSTÍN", "LUCAS", "TOMÁS", "JOAQUÍN", "SANTIAGO", "BENJAMÍN", "THIAGO", "BAUTISTA",
  "VALENTÍN", "IGNACIO", "FEDERICO", "HUGO", "VÍCTOR", "ÁNGEL", "JULIO", "NÉSTOR", "ARMANDO", "ÁLVARO",
  "CRISTIAN", "EMANUEL", "MAXIMILIANO", "ESTEBAN", "GERMÁN", "ADRIÁN", "RAFAEL", "ANDRÉS", "JESÚS", "ELÍAS",
];

export const FEMALE_NAMES: readonly string[] = [
  "MARÍA", "ANA", "LAURA", "SILVIA", "GRACIELA", "PATRICIA", "CLAUDIA", "ALEJANDRA", "MÓNICA", "NORMA",
  "SUSANA", "ROSA", "MARTA", "CAROLINA", "ANDREA", "VERÓNICA", "NATALIA", "GABRIELA", "MARCELA", "LORENA",
  "ROMINA", "SOLEDAD", "VANESA", "PAOLA", "CECILIA", "VALERIA", "FLORENCIA", "CAMILA", "SOFÍA", "VALENTINA",
  "MARTINA", "LUCÍA", "JULIETA", "AGUSTINA", "MILAGROS", "CANDELA", "ABIGAIL", "MICAELA", "BELÉN",
  "INÉS", "BEATRIZ", "ELENA", "TERESA", "JOSEFINA", "VICTORIA", "IRENE", "MIRTA", "NOEMÍ", "RAQUEL",
  "LILIANA", "DÉBORA", "ROCÍO", "JIMENA", "AYELÉN", "ESTEFANÍA", "MARIELA", "YANINA", "NOELIA", "DAIANA",
];

export type Sexo = "M" | "F";

/** A full person name split the way the registry keeps it. */
export type PersonName = { apellido: string; nombre: string; apeynom: string };

/** One or two surnames (a quarter of people carry two) and one or two given names. */
export function personName(rng: Rng, sexo: Sexo, surname?: string): PersonName {
  const first = surname ?? rng.pick(SURNAMES);
  const apellido = !surname && rng.chance(0.25) ? `${first} ${rng.pick(SURNAMES)}` : first;
  const names = sexo === "M" ? MALE_NAMES : FEMALE_NAMES;
  const given = rng.pick(names);
  let nombre = given;
  if (rng.chance(0.55)) {
    const second = rng.pick(names);
    if (second !== given) nombre = `${given} ${second}`;
  }
  return { apellido, nombre, apeynom: `${apellido} ${nombre}` };
}

/** Lower-case, accent-free form for search columns ('GONZÁLEZ MARÍA' → 'gonzalez maria'). */
export function normalizeName(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}
