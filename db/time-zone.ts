// The insurer's time zone, written once (docs/decisions/083-background-work.md): "today", default dates, slot
// blocking, the schedules of the background jobs and the roster file stamps all count in it, never in the server's.
// It sits on the lowest floor so the app (app/lib/dates.ts), the reporting store and the demo-data generator share it.

/** America/Argentina/Catamarca: UTC−3 all year. */
export const TZ = "America/Argentina/Catamarca";
