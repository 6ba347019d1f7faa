import { Hono } from "hono";
import type { PublicConfig } from "../../protocol/api";
import type { AppEnv } from "../http/app-env";
import { describeEngines } from "../ai/describe";

export const configRoutes = new Hono<AppEnv>().get("/", (c) => {
  const cfg = c.var.config;
  const body: PublicConfig = { phoneNumber: cfg.phoneNumber, googleEnabled: cfg.google !== null, aiProvider: cfg.aiProvider, aiEngines: describeEngines(cfg.ai) };
  return c.json(body);
});
