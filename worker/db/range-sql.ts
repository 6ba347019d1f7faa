// SQL for the ranges of worker/db/period-days.ts, shaped so SQLite reads only rows inside them.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Range } from "./period-days";

/** `column` in any of the (sorted) ranges, bounded by the first and last so an index range applies; false without any. */
export function inRanges(column: AnyColumn | SQL, ranges: readonly Range[]): SQL {
  const first = ranges[0];
  const last = ranges.at(-1);
  if (!first || !last) return sql`0`;
  const any = sql.join(
    ranges.map(([from, to]) => sql`(${column} >= ${from} and ${column} < ${to})`),
    sql` or `,
  );
  return sql`(${column} >= ${first[0]} and ${column} < ${last[1]} and (${any}))`;
}

/** Selects joined by UNION ALL (each range its own index range scan rather than one scan over all). */
export function unionAll(selects: readonly SQL[]): SQL {
  return sql.join([...selects], sql` union all `);
}
