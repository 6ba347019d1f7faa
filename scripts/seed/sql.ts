// SQL for demo data, and running SQL against the local D1 database (the one `npm run dev` uses, or
// the state folder `stateDir` / ECHO_STATE_DIR) through `wrangler d1 execute --local`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoData } from "./demo";

type SqlValue = string | number | boolean | null;

export function sqlValue(v: SqlValue): string {
  if (v === null) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/** Multi-row INSERTs, `perStatement` rows each. */
export function insertRows(table: string, columns: string[], rows: SqlValue[][], perStatement = 50): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((r) => `(${r.map(sqlValue).join(", ")})`);
    out.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")};`);
  }
  return out;
}

export interface SeedUser {
  id: string;
  email: string;
  displayName: string;
  passwordHash: string | null;
  createdAt: number;
}

/** Replaces any user with that email (and, by cascade, everything they had). */
export function userSql(u: SeedUser): string[] {
  return [
    `DELETE FROM users WHERE email = ${sqlValue(u.email.toLowerCase())};`,
    ...insertRows(
      "users",
      // Seeded accounts (the demo, benchmark users) count as verified: they can be invited to calls.
      ["id", "email", "display_name", "created_at", "total_calls", "subscription", "password_hash", "email_verified_at"],
      [[u.id, u.email.toLowerCase(), u.displayName, u.createdAt, 0, "free", u.passwordHash, u.createdAt]],
    ),
  ];
}

/** A session row for a known token hash (benchmarks sign in without the password KDF). */
export function sessionSql(sessionIdHex: string, userId: string, now: number): string[] {
  return insertRows("sessions", ["id", "user_id", "created_at", "expires_at", "last_seen_at"], [[sessionIdHex, userId, now, now + 30 * 86_400_000, now]]);
}

/** The user's Echoes, calls and transcripts; the user's totalCalls counts the new calls. */
export function demoSql(userId: string, data: DemoData, opts: { echoes?: boolean } = {}): string[] {
  const stmts: string[] = [];
  if (opts.echoes !== false) {
    stmts.push(
      ...insertRows(
        "echoes",
        ["id", "user_id", "name", "description", "personality", "expertise", "instructions", "voice_style", "is_active", "record_calls", "total_calls", "created_at", "updated_at"],
        data.echoes.map((e) => [e.id, userId, e.name, e.description, e.personality, e.expertise, e.instructions, e.voiceStyle, e.isActive, e.recordCalls, e.totalCalls, e.createdAt, e.updatedAt]),
      ),
    );
    // Who answers the phone is an explicit choice (docs/dashboard.md): the first active demo Echo,
    // unless one of the user's active Echoes answers already.
    const first = data.echoes.find((e) => e.isActive);
    if (first) {
      stmts.push(
        `UPDATE users SET phone_echo_id = ${sqlValue(first.id)} WHERE id = ${sqlValue(userId)} AND NOT EXISTS ` +
          `(SELECT 1 FROM echoes WHERE echoes.id = users.phone_echo_id AND echoes.user_id = users.id AND echoes.is_active = 1);`,
      );
    }
  }
  stmts.push(
    ...insertRows(
      "calls",
      ["id", "user_id", "echo_id", "call_type", "status", "start_time", "end_time", "duration", "from_number", "end_reason", "recording_started_at"],
      data.calls.map((c) => [c.id, userId, opts.echoes === false ? null : c.echoId, c.callType, c.status, c.startTime, c.endTime, c.duration, c.fromNumber, c.endReason, c.recordingStartedAt ?? null]),
    ),
    ...insertRows(
      "transcript_entries",
      ["id", "call_id", "seq", "speaker", "text", "timestamp", "emotions", "interrupted", "latency", "audio_offset_ms"],
      data.entries.map((e) => [e.id, e.callId, e.seq, e.speaker, e.text, e.timestamp, JSON.stringify(e.emotions), e.interrupted, e.latency ? JSON.stringify(e.latency) : null, e.audioOffsetMs ?? null]),
    ),
    ...insertRows(
      "call_summaries",
      ["call_id", "status", "method", "text", "mood_arc", "follow_ups", "topics", "caller_emotions", "error", "attempts", "updated_at"],
      data.summaries.map((r) => [r.callId, "ready", r.method, r.text, r.moodArc, JSON.stringify(r.followUps), JSON.stringify(r.topics), r.callerEmotions ? JSON.stringify(r.callerEmotions) : null, null, 1, r.updatedAt]),
    ),
    `UPDATE users SET total_calls = total_calls + ${data.calls.length} WHERE id = ${sqlValue(userId)};`,
  );
  return stmts;
}

/** Runs statements against the local D1 database; throws with wrangler's output on failure. */
export function runLocalSql(statements: string[], stateDir = process.env.ECHO_STATE_DIR): void {
  const dir = mkdtempSync(join(tmpdir(), "echo-sql-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, `${statements.join("\n")}\n`);
  try {
    const args = ["wrangler", "d1", "execute", "DB", "--local", "--file", file];
    if (stateDir) args.push("--persist-to", stateDir);
    const result = spawnSync("npx", args, { encoding: "utf8", env: { ...process.env, CI: "true" }, maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`wrangler d1 execute failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
