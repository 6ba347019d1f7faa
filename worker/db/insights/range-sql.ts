// SQL for the ranges of worker/db/insights/period-days.ts, shaped so SQLite reads only rows inside them.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Range } from "./period-days";

/**
 * A computed number written into the SQL text, not bound: D1 allows 100 bound parameters per query, and
 * a year's plan has dozens of range ends.
 */
export function num(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not a safe integer: ${n}`);
  return sql.raw(String(n));
}

/** `column` >= from and < to. */
export function within(column: AnyColumn | SQL, [from, to]: Range): SQL {
  return sql`(${column} >= ${num(from)} and ${column} < ${num(to)})`;
}

/** `column` in any of the (sorted) ranges, bounded by the first and last so an index range applies; false without any. */
export function inRanges(column: AnyColumn | SQL, ranges: readonly Range[]): SQL {
  const first = ranges[0];
  const last = ranges.at(-1);
  if (!first || !last) return sql`0`;
  const any = sql.join(
    ranges.map((r) => within(column, r)),
    sql` or `,
  );
  return sql`(${within(column, [first[0], last[1]])} and (${any}))`;
}

/**
 * The ranges as a table `r` (one row per range, from a single bound JSON parameter), to be CROSS JOINed
 * first so each range is its own index range search: no OR over a whole year's index, and no compound
 * SELECT per range (D1 limits both parameters and compound terms).
 */
export function rangeTable(ranges: readonly Range[]): SQL {
  return sql`json_each(${JSON.stringify(ranges)}) as r`;
}

/** `column` inside the current row of rangeTable. */
export function inRangeRow(column: AnyColumn | SQL): SQL {
  return sql`(${column} >= json_extract(r.value, '$[0]') and ${column} < json_extract(r.value, '$[1]'))`;
}
