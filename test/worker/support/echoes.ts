// Test Echoes written straight to D1.
import { env } from "cloudflare:workers";
import { db } from "../../../worker/db/client";
import { echoes } from "../../../worker/db/schema";

import type { EchoRow } from "../../../worker/db/echoes";

export type { EchoRow };

export async function createEcho(userId: string, overrides: Partial<EchoRow> = {}): Promise<EchoRow> {
  const now = Date.now();
  const row: EchoRow = {
    id: crypto.randomUUID(),
    userId,
    name: "Sage",
    description: "A calm helper for busy days",
    personality: "calm",
    expertise: "general",
    instructions: "",
    voiceStyle: "warm",
    isActive: true,
    recordCalls: true,
    rememberCallers: true,
    totalCalls: 0,
    starter: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  await db(env.DB).insert(echoes).values(row);
  return row;
}
