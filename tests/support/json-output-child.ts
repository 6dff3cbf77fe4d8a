// Test helper process (server/log/output.test.ts): a process that routes its output as the entry points do
// (routeOutput, LOG_FORMAT from its environment), then prints through each console method, with an error object, a
// Node warning, and ends on an uncaught error — what an operator's collector must still read as JSON lines.
import { routeOutput } from "~server/log/console";

routeOutput();
console.log("[prueba] %s listo", "proceso");
console.warn("[prueba] aviso");
console.error(
  "[prueba] falló:",
  Object.assign(new Error("Failed query: select 1\nparams: 30987654"), { query: "select 1" }),
);
process.emitWarning("una advertencia de Node");
setTimeout(() => {
  throw new Error("sin capturar");
}, 20);
