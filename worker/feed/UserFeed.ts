// One Durable Object per user: pushes change events to that user's open dashboards. (Issue 3.)
import { DurableObject } from "cloudflare:workers";
import type { FeedEvent } from "../../protocol/feed";
import type { Env } from "../env";

export class UserFeed extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return new Response("The change feed is not available yet.", { status: 501 });
  }

  async publish(_event: FeedEvent): Promise<void> {
    // Implemented with the change feed (issue 3).
  }
}
