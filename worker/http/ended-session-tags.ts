// Sessions that ended (a sign-out, a sign-in that replaced them) as one Durable Object was told, in its
// storage: a socket upgrade that the route let through on such a session just before (its check raced
// the sign-out) is refused when it reaches the object, instead of staying open for good. The race lasts
// a request's time, so a tag is kept an hour.

const KEEP_MS = 60 * 60 * 1000;
const SCHEMA = "CREATE TABLE IF NOT EXISTS ended_sessions (tag TEXT PRIMARY KEY, at INTEGER NOT NULL)";

export class EndedSessionTags {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  /** The session with socket tag `tag` ended at `now` (older entries are dropped). */
  add(tag: string, now = Date.now()): void {
    this.sql.exec("INSERT OR REPLACE INTO ended_sessions (tag, at) VALUES (?, ?)", tag, now);
    this.sql.exec("DELETE FROM ended_sessions WHERE at < ?", now - KEEP_MS);
  }

  has(tag: string | null | undefined): boolean {
    return Boolean(tag) && this.sql.exec("SELECT 1 FROM ended_sessions WHERE tag = ?", tag).toArray().length > 0;
  }
}
