// A pg pool that rides out a database restart (docs/decisions/045-database-outage-answer.md):
// - connecting waits for the server: a refused connection (the server down, starting up or shutting down: nothing
//   of any statement was sent) is tried again every 50–500 ms for up to `waitMs`;
// - a read outside a transaction (pool.query of a SELECT: Drizzle's queries outside `db.transaction`) whose
//   connection is lost while it runs (57P01 at a fast shutdown, "Connection terminated") runs once more, on a new
//   connection. A write, and anything inside a transaction (a client checked out with connect()), never runs twice.
// Whatever still fails is a connection error the app answers with 503 (app/lib/outage.server.ts).
import pg from "pg";
import { isConnectRefusal, isConnectionError, isReadStatement } from "./outage";

export type PatientOptions = {
  /** How long connecting keeps trying while the server refuses (ms). */
  waitMs: number;
};

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function statementText(config: unknown): string {
  if (typeof config === "string") return config;
  const text = (config as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
}

export class PatientPool extends pg.Pool {
  readonly patience: PatientOptions;
  /** Reads run a second time after a lost connection (for the tests and the log). */
  retriedReads = 0;

  constructor(config: pg.PoolConfig, patience: PatientOptions) {
    super(config);
    this.patience = patience;
    // pool.query(text | config, values?) as Drizzle calls it (a promise); the callback form stays pg-pool's own
    const plain = this.query.bind(this) as (...a: unknown[]) => unknown;
    this.query = ((...args: unknown[]) =>
      args.some((a) => typeof a === "function") ? plain(...args) : this.patientQuery(args)) as typeof this.query;
  }

  private async connectPatiently(): Promise<pg.PoolClient> {
    const deadline = Date.now() + this.patience.waitMs;
    for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
      try {
        return await super.connect();
      } catch (e) {
        if (!isConnectRefusal(e) || Date.now() + pause > deadline) throw e;
        await sleep(pause);
      }
    }
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const p = this.connectPatiently();
    if (!callback) return p;
    p.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
  }

  /** Statements outside a transaction (Drizzle's queries on the pool): a read whose connection broke runs once more. */
  private async patientQuery(args: unknown[]): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      // connecting waits for the server; a failure to connect is final (it already waited)
      const client = await this.connectPatiently();
      const ignore = () => undefined; // a checked-out client's connection error reaches the query; never the process
      client.on("error", ignore);
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
        client.release();
        return result;
      } catch (e) {
        const lost = isConnectionError(e);
        client.release(lost ? (e as Error) : undefined); // a broken client leaves the pool
        // a write may have been committed before the connection dropped: only a read runs again, and only once
        if (!lost || attempt > 1 || !isReadStatement(statementText(args[0]))) throw e;
        this.retriedReads++;
      } finally {
        client.removeListener("error", ignore);
      }
    }
  }
}
