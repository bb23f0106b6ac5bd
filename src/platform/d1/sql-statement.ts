/**
 * A SQL statement as plain data: the CLIs run it on local D1 in a batch or write it into a script
 * for the remote database (import-statements.ts: runAtomically, toSqlScript).
 */
export type SqlValue = string | number | null;

export interface SqlStatement {
  readonly sql: string;
  readonly params: readonly SqlValue[];
}

/** Runs statements: reads one at a time, writes all together or none (the worker's binding, local D1 or a deployed database). */
export interface StatementRunner {
  query<T>(statement: SqlStatement): Promise<T[]>;
  write(statements: readonly SqlStatement[]): Promise<void>;
}
