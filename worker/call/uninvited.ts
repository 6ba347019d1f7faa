// Who the call's owner took an invitation back from, and when, in the call object's storage. A view
// whose upgrade the route let through on an invitation from before that (its check raced the removal)
// is refused when it reaches the object; an invitation given again later opens views as before.

const SCHEMA = "CREATE TABLE IF NOT EXISTS uninvited (user_id TEXT PRIMARY KEY, at INTEGER NOT NULL)";

export class Uninvited {
  private ready = false;

  constructor(private readonly sql: SqlStorage) {}

  /** The table, made on first use: most calls never have a viewer (a phone call's object starts without it). */
  private table(): SqlStorage {
    if (!this.ready) this.sql.exec(SCHEMA);
    this.ready = true;
    return this.sql;
  }

  /** `userId`'s invitation was taken back at `at` (epoch ms, the Worker's clock). */
  add(userId: string, at: number): void {
    this.table().exec("INSERT INTO uninvited (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET at = MAX(at, excluded.at)", userId, at);
  }

  /** True when an invitation given at `invitedAt` (null: none known) was taken back since. */
  revoked(userId: string, invitedAt: number | null): boolean {
    const row = this.table().exec<{ at: number }>("SELECT at FROM uninvited WHERE user_id = ?", userId).toArray()[0];
    return row !== undefined && (invitedAt === null || invitedAt <= row.at);
  }
}
