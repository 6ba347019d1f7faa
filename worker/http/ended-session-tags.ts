// Sessions that ended (a sign-out, a sign-in that replaced them, every session of an account Google took
// over) as one Durable Object was told, in its storage: a socket upgrade that the route let through on
// such a session just before (its check raced the sign-out) is refused when it reaches the object,
// instead of staying open for good. The race lasts a request's time, so an entry is kept an hour.
import type { EndedSessions } from "./session-tag";

const KEEP_MS = 60 * 60 * 1000;
const SCHEMA = `CREATE TABLE IF NOT EXISTS ended_sessions (tag TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS ended_all_sessions (user_id TEXT PRIMARY KEY, at INTEGER NOT NULL);`;

export class EndedSessionTags {
  private ready = false;

  constructor(private readonly sql: SqlStorage) {}

  /** The tables, made on first use (a call's object most often never needs them). */
  private tables(): SqlStorage {
    if (!this.ready) this.sql.exec(SCHEMA);
    this.ready = true;
    return this.sql;
  }

  /** Sessions of user `userId` ended (older entries are dropped). */
  add(userId: string, ended: EndedSessions, now = Date.now()): void {
    if ("sessionTag" in ended) this.tables().exec("INSERT OR REPLACE INTO ended_sessions (tag, at) VALUES (?, ?)", ended.sessionTag, now);
    else this.tables().exec("INSERT INTO ended_all_sessions (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET at = MAX(at, excluded.at)", userId, ended.at);
    this.tables().exec("DELETE FROM ended_sessions WHERE at < ?", now - KEEP_MS);
    this.tables().exec("DELETE FROM ended_all_sessions WHERE at < ?", now - KEEP_MS);
  }

  /** True when the session an upgrade carries (its tag, and when it began) has ended. */
  ended(userId: string, tag: string | null | undefined, createdAt: number | null | undefined, now = Date.now()): boolean {
    const since = now - KEEP_MS;
    if (tag && this.tables().exec("SELECT 1 FROM ended_sessions WHERE tag = ? AND at >= ?", tag, since).toArray().length > 0) return true;
    const all = this.tables().exec<{ at: number }>("SELECT at FROM ended_all_sessions WHERE user_id = ? AND at >= ?", userId, since).toArray()[0];
    return all !== undefined && createdAt != null && createdAt < all.at;
  }
}
