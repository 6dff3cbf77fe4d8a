// The generator's schema lists exactly the rosters of the rules (the browser copy must not drift).
import { expect, test } from "vitest";
import { ROSTER_KINDS } from "~reporting/rosters/rules";
import { parseInput } from "~/lib/input";
import { GenerarPadronSchema, MSG_PADRON_INVALIDO, PADRON_VALUES } from "./padron-farmacia.schema";

test("the schema's rosters are the rules' rosters; anything else is a Spanish message", () => {
  expect([...PADRON_VALUES]).toEqual([...ROSTER_KINDS]);
  expect(parseInput(GenerarPadronSchema, { padron: "diabeticos" })).toEqual({
    ok: true,
    data: { padron: "diabeticos" },
  });
  for (const bad of [{}, { padron: "todos" }, { padron: "x".repeat(10_000) }, { padron: "'; DROP TABLE x --" }]) {
    const r = parseInput(GenerarPadronSchema, bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toEqual({ param: "padron", msg: MSG_PADRON_INVALIDO });
  }
});
