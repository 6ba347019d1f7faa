import { Hono } from "hono";
import type { PublicConfig } from "../../protocol/api";
import type { AppEnv } from "../app-env";
import { readConfig } from "../config";

export const configRoutes = new Hono<AppEnv>().get("/", (c) => {
  const cfg = readConfig(c.env);
  const body: PublicConfig = { phoneNumber: cfg.phoneNumber, googleEnabled: cfg.google !== null, aiProvider: cfg.aiProvider };
  return c.json(body);
});
