import { json } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { inHouseError } from "./house-errors.server";
import { MSG_ERROR_INESPERADO } from "./messages";

const BROWSER = { accept: "text/html,application/xhtml+xml" };
const req = (path: string, headers: Record<string, string> = {}) => new Request(`http://127.0.0.1${path}`, { headers });

describe("inHouseError: Remix's own error answers in the house's shape", () => {
  it("an API 500 as plain text becomes JSON { msg }", async () => {
    const res = await inHouseError(req("/api/onco"), new Response("Unexpected Server Error", { status: 500 }));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ msg: MSG_ERROR_INESPERADO });
  });

  it("Remix's { message } for a method a resource route does not take becomes { msg }, keeping Allow", async () => {
    const remix = json(
      { message: "Unexpected Server Error" },
      { status: 405, headers: { Allow: "GET", "X-Remix-Error": "yes" } },
    );
    const res = await inHouseError(req("/api/afiliado/motivos-baja"), remix);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toEqual({ msg: "Método no permitido" });
  });

  it("an unknown API path (Remix's HTML 404 page) becomes JSON", async () => {
    const page = new Response("<!doctype html>…", { status: 404, headers: { "Content-Type": "text/html" } });
    const res = await inHouseError(req("/api/nope", BROWSER), page);
    expect(await res.json()).toEqual({ msg: "La dirección solicitada no existe" });
  });

  it("a resource route outside the API answers a person with the app's error page", async () => {
    const remix = json({ message: "Unexpected Server Error" }, { status: 405, headers: { "X-Remix-Error": "yes" } });
    const res = await inHouseError(req("/healthz", BROWSER), remix);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("Método no permitido");
  });

  it.each([
    ["a route's own { msg }", req("/api/onco"), json({ msg: "Ficha inexistente" }, { status: 404 })],
    [
      "a page the error boundary rendered",
      req("/home"),
      new Response("<html>", { status: 404, headers: { "Content-Type": "text/html" } }),
    ],
    ["a Remix data request", req("/home?_data=routes%2F_app"), json({ message: "x" }, { status: 500 })],
    // issue 35: the health probe's 503 is its own answer, { status: 'down', … }, not a generic message
    [
      "a route's own JSON answer without msg (the health probe's 503)",
      req("/healthz"),
      json({ status: "x" }, { status: 503 }),
    ],
    ["a success", req("/api/onco"), new Response("ok")],
  ])("%s passes untouched", async (_name, request, res) => {
    expect(await inHouseError(request, res)).toBe(res);
  });
});
