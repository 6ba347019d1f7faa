import type { AppConfig } from "../config/config";
import type { Env } from "../config/env";
import type { UserRow } from "../db/users";

/** Hono generics for every route: bindings plus the signed-in user (null when signed out). */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The configuration, read once per request (app.ts) from the bindings. */
    config: AppConfig;
    user: UserRow | null;
    sessionId: string | null;
    /** When the session ends unless it is used again (epoch ms). */
    sessionExpiresAt: number | null;
    /** When it began. */
    sessionCreatedAt: number | null;
  };
}
