/**
 * Queries every request runs, built once per database instead of once per call.
 *
 * Drizzle builds a query's SQL text from its builder on every call (a fifth of a millisecond for a
 * join, measured by `npm run bench` with BENCH_CPU_PROF); a prepared query keeps the text and takes
 * its values through placeholders (`sql.placeholder(name)`). On node-postgres it is also a named
 * statement, which each connection parses once. Use it for the hot paths only (the session check,
 * the workspace facts): everything else reads better as a plain builder.
 */
import type { Db } from './client';

/** `prepared(db)` returns the query built for that database (built on first use). */
export const preparedFor = <Q>(build: (db: Db) => Q): ((db: Db) => Q) => {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
};
