// Per-stage latency figures (p50 / p95, nearest rank) from the TurnLatency stored with assistant
// entries: the figures of the AI health card (resilience branch: worker/db/health.ts, which computes
// them in the Worker) computed inside D1, for any condition on the calls.
import { type SQL, and, eq, isNotNull, sql } from "drizzle-orm";
import { LATENCY_STAGES, type LatencyStage, type StageLatency } from "../../protocol/latency";
import type { Db } from "./client";
import { calls, transcriptEntries } from "./schema";

/**
 * p50 / p95 (nearest rank) of each stage over the stored turn timings of assistant entries of the calls
 * matching `callConds` (a condition on `calls`), computed inside D1: only 12 numbers leave the database
 * (reading every turn's JSON into the Worker was most of the Insights time at 10,000 calls).
 */
export async function callLatencyFigures(database: Db, callConds: SQL | undefined): Promise<StageLatency> {
  const columns = sql.join(
    LATENCY_STAGES.map((stage) => sql`json_extract(${transcriptEntries.latency}, ${`$.${stage}`}) as ${sql.identifier(stage)}`),
    sql`, `,
  );
  const rank = (stage: LatencyStage, p: number) => {
    const col = sql.identifier(stage);
    // Nearest rank: the ceil(p·n/100)-th smallest value.
    return sql`(select ${col} from t where ${col} is not null order by ${col} limit 1 offset ((${sql.raw(String(Math.round(p)))} * (select count(${col}) from t) + 99) / 100) - 1)`;
  };
  const figures = sql.join(
    LATENCY_STAGES.map((stage) => sql`(select count(${sql.identifier(stage)}) from t), ${rank(stage, 50)}, ${rank(stage, 95)}`),
    sql`, `,
  );
  const row = await database.get<number[]>(sql`with t as materialized (
      select ${columns} from ${calls} join ${transcriptEntries} on ${transcriptEntries.callId} = ${calls.id}
      where ${and(callConds, eq(transcriptEntries.speaker, "assistant"), isNotNull(transcriptEntries.latency))})
    select ${figures}`);
  const values = Array.isArray(row) ? row : Object.values(row ?? {});
  return Object.fromEntries(
    LATENCY_STAGES.map((stage, i) => {
      const [count, p50, p95] = values.slice(i * 3, i * 3 + 3).map((v) => (typeof v === "number" ? v : null));
      return [stage, { count: count ?? 0, p50: p50 ?? null, p95: p95 ?? null }];
    }),
  ) as unknown as StageLatency;
}
