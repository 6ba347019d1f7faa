import { Hono } from "hono";
import type { PublicConfig } from "../../protocol/api";
import type { AppEnv } from "../http/app-env";
import { describeEngines } from "../ai/describe";
import { readConfig } from "../config/config";

export const configRoutes = new Hono<AppEnv>().get("/", (c) => {
  const cfg = readConfig(c.env);
  const body: PublicConfig = { phoneNumber: cfg.phoneNumber, googleEnabled: cfg.google !== null, aiProvider: cfg.aiProvider, aiEngines: describeEngines(cfg.ai) };
  return c.json(body);
});
