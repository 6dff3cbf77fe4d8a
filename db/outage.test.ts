// Which database errors are an outage (503, ADR 045) and which statements may run a second time after one.
import { describe, expect, test } from "vitest";
import { isConnectRefusal, isConnectionError, isReadStatement } from "./outage";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });
const drizzleWrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

describe("isConnectionError", () => {
  test.each([
    ["admin shutdown 57P01", pgError("57P01", "terminating connection due to administrator command"), true],
    ["crash shutdown 57P02", pgError("57P02"), true],
    ["cannot connect now 57P03", pgError("57P03", "the database system is starting up"), true],
    ["connection failure 08006", pgError("08006"), true],
    ["connection does not exist 08003", pgError("08003"), true],
    ["refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }), true],
    ["reset", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }), true],
    ["terminated", new Error("Connection terminated unexpectedly"), true],
    ["terminated (timeout)", new Error("Connection terminated due to connection timeout"), true],
    ["pool timeout", new Error("timeout exceeded when trying to connect"), true],
    ["wrapped by Drizzle", drizzleWrapped(pgError("57P01")), true],
    ["unique violation 23505", pgError("23505"), false],
    ["syntax 42601", pgError("42601"), false],
    ["bad input 22P02", pgError("22P02"), false],
    ["query canceled 57014", pgError("57014"), false],
    ["a Response", new Response(null, { status: 404 }), false],
    ["a string", "Connection terminated", false],
    ["null", null, false],
  ])("%s → %s", (_name, e, expected) => {
    expect(isConnectionError(e)).toBe(expected);
  });

  test("a pool timeout is an outage but not a refusal to wait on (it already waited)", () => {
    expect(isConnectRefusal(new Error("timeout exceeded when trying to connect"))).toBe(false);
    expect(isConnectRefusal(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(true);
  });
});

describe("isReadStatement: only reads run again after a lost connection", () => {
  test.each([
    ['select "idafi" from "afiliados" where "numdoc" = $1', true],
    ["  SELECT 1", true],
    ["(select 1) union (select 2)", true],
    ["/* named */ select 1", true],
    ["with x as (select 1) select * from x", false],
    ["select * from turnos where id = $1 for update", false],
    ["select nextval('s')", false],
    ["select pg_advisory_lock(1)", false],
    ['insert into "audit_log" values ($1)', false],
    ['update "sesiones" set "last_seen_at" = $1', false],
    ['delete from "sesiones"', false],
    ["begin", false],
    ["", false],
  ])("%s → %s", (text, expected) => {
    expect(isReadStatement(text)).toBe(expected);
  });
});
