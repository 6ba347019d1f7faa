// Tell every open dashboard of `userId` that something changed. Best effort: a failure to notify
// never fails the change itself.
import type { FeedEvent } from "../../protocol/feed";
import type { Env } from "../config/env";
import { logWarning } from "../lib/safe-error";

export async function publishToUser(env: Env, userId: string, event: FeedEvent): Promise<void> {
  try {
    const stub = env.USER_FEED.get(env.USER_FEED.idFromName(userId));
    await stub.publish(event);
  } catch (err) {
    logWarning("feed publish failed", err);
  }
}
