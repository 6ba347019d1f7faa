// Deleting an Echo: the row goes; its calls stay, with the name it had (calls.echo_name, kept by the
// trigger of migration 0010) and no Echo (calls.echo_id is set null by its foreign key, and the Insights
// figures move with it by the triggers of migration 0004). When it answered the account's phone, the
// choice moves explicitly to the most recently updated other active Echo (or the built-in assistant).
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { handOverPhoneEcho } from "../echoes";
import { echoes } from "../schema";

/** Deletes `userId`'s Echo `echoId`; false when they have no such Echo (nothing changes). */
export async function deleteEcho(database: Db, userId: string, echoId: string): Promise<boolean> {
  const [, deleted] = await database.batch([
    handOverPhoneEcho(database, userId, echoId),
    database
      .delete(echoes)
      .where(and(eq(echoes.id, echoId), eq(echoes.userId, userId)))
      .returning({ id: echoes.id }),
  ]);
  return deleted.length > 0;
}
