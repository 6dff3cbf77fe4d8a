// Barrel: every table of the data model, one file per area.
export * from "./auth";
export * from "./afiliados";
export * from "./autorizaciones";
export * from "./oncologia";
export * from "./turnos";
export * from "./capa";
export * from "./mae";
export * from "./prestadores";
export * from "./tramites";
export * from "./vademecum";
export * from "./publico";
export * from "./reportes";
export * from "./feed";
