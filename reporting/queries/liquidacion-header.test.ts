// The CSV's header record is a contract: other systems read the file by its field names (issue 28). Pinned to the
// spec's own list (part 2 §3, 'Liquidation row'), copied here as the spec writes it.
import { expect, test } from "vitest";
import { LIQUIDACION_CSV_HEADER, LIQUIDACION_FIELDS } from "./liquidacion";

const SPEC_LIQUIDATION_ROW =
  "nroautorizacion, fecha, practica, subitem, montoauthonorario, montoautgasto, numautreferenciada, matmedefector, " +
  "nroafiliado, nombreafiliado, cuil, cantidad, estadoambint, cobertura, descpractica, usuarioautorizacion, " +
  "modalidad, hora, autorizo, responsable, entidad, anulado, autoken";

test("the CSV header row is the spec's field names, in the spec's order, ';'-separated, CRLF", () => {
  const spec = SPEC_LIQUIDATION_ROW.split(", ");
  expect(spec).toHaveLength(23);
  expect(LIQUIDACION_CSV_HEADER).toBe(`${spec.join(";")}\r\n`);
  expect([...LIQUIDACION_FIELDS]).toEqual(spec);
});
