// The one interface the app uses to reach the reporting store. `reporting/` never imports `app/`.
export {
  withSnapshot,
  openSnapshot,
  usableSnapshot,
  closeAllReaders,
  SnapshotUnavailableError,
  type SnapshotInfo,
  type SnapshotReader,
  type OpenSnapshot,
  type QueryParams,
} from "./store";
export { refreshSnapshot, type RefreshOptions } from "./snapshot";
export { RefreshBusyError, acquireNamedLock } from "./lock";
export { readRefreshStatus, type RefreshStatus } from "./status";
export {
  requestRefresh,
  reportingJobs,
  snapshotHealth,
  type RefreshRequestOutcome,
  type SnapshotHealth,
} from "./schedule";
export { checkSchedule, startJobs, stopJobs, type BackgroundJob, type BackgroundListener } from "./jobs";
export * from "./queries/auditoria";
export * from "./queries/consumos";
export * from "./queries/liquidacion";
export * from "./queries/enrolamientos";
export * from "./queries/voluntarios";
export * from "./rosters/rules";
export {
  generateRoster,
  generateAllRosters,
  listRosters,
  pruneRosters,
  rosterFilePath,
  rosterRunning,
  type RosterFile,
  type GenerateOptions,
} from "./rosters/generate";
export { rosterDir, rosterHistory, rosterCron, reportsDir, reportsHistory, reportingDir } from "./config";
