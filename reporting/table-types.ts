// The two kinds of table a snapshot holds (reporting/tables.ts lists them): copied from Postgres, or derived
// inside DuckDB. Their own file so the lists of tables, spread over several files, import them without a cycle.

export type BaseTable = {
  name: string;
  /** DuckDB column definitions, in the order the Postgres SELECT produces them. */
  columns: [name: string, duckType: string][];
  /** The Postgres source: a table name (the columns above are selected from it). */
  from: string;
};

export type DerivedTable = { name: string; sql: string };
