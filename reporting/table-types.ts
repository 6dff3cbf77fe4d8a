// The two kinds of table a snapshot holds (reporting/tables.ts lists them): copied from Postgres, or derived
// inside DuckDB. Their own file so the lists of tables, spread over several files, import them without a cycle.

export type BaseTable = {
  name: string;
  /**
   * DuckDB column definitions, in the order the Postgres SELECT produces them; "uncompressed" for a text column
   * whose values are (nearly) all distinct — identifiers, names —, which skips DuckDB's dictionary analysis.
   */
  columns: [name: string, duckType: string, compression?: "uncompressed"][];
  /** The Postgres source: a table name (the columns above are selected from it). */
  from: string;
  /** A big table, copied in a parallel stream of its own when the source allows it (reporting/copy.ts). */
  ownStream?: boolean;
};

export type DerivedTable = { name: string; sql: string };
