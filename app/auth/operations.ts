// The operation registry as the app reads it: `OP.<NAME>` for every operation code, and the types of a code and of
// a screen path. The rows themselves (code, name, screen) live in db/reference.ts, which the seed writes; routes and
// browser code import them from here, never from db/.
export { OP, type OperationCode, type ScreenPath } from "~db/reference";
