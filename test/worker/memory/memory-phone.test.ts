// A phone call is unverified until issue 42 §4 proves the caller (full STIR/SHAKEN attestation, a
// callback we placed): from the owner's linked number without attestation it gets nothing personal — no
// welcome back, nothing of what the Echo remembers — and adds nothing to memory. With full attestation
// the Echo greets its owner with what it remembers, as a browser call does.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { db } from "../../../worker/db/client";
import { listMemory, rememberItem } from "../../../worker/memory/store";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";
import { callRow, eventually } from "../support/call";
import { createEcho } from "../support/echoes";
import { viewer } from "../support/live";
import { createUser } from "../support/users";

const net = fetcherNetwork(exports.default, "https://echo.test");
type LiveEntry = { type: "live_entry"; entry: TranscriptEntry };

describe("memory and phone calls", { timeout: 60_000 }, () => {
  it("a call from the linked number, unverified: a first-time greeting, and nothing remembered from it", async () => {
    const from = "+15550100977";
    const owner = await createUser({ phoneNumber: from });
    const echo = await createEcho(owner.user.id, { name: "Phone Memo", recordCalls: false });
    const scope = { userId: owner.user.id, echoId: echo.id };
    await rememberItem(db(env.DB), scope, { kind: "person", subject: "name", text: "My name is Sam.", sourceCallId: null, saidAt: Date.now() - 86_400_000 });
    await rememberItem(db(env.DB), scope, { kind: "follow_up", text: "Ask me about the speech at Maria's wedding.", sourceCallId: null, saidAt: Date.now() - 86_400_000 });

    const call = await TwilioCall.dial(net, { authToken: env.TWILIO_AUTH_TOKEN!, from, stirVerstat: null });
    const row = (await callBySid(env.DB, call.callSid))!;
    const watching = await viewer(row.id, owner);
    await watching.next("live_snapshot");
    await call.connect();
    const greeting = (await watching.next<LiveEntry>((m) => m.type === "live_entry" && (m as LiveEntry).entry.speaker === "assistant", 20_000)).entry;
    expect(greeting.text).not.toContain("Welcome back");
    expect(greeting.text).not.toContain("Sam");
    expect(greeting.text).not.toContain("speech");
    expect(((await callRow(row.id)) as unknown as { caller_verified: number }).caller_verified).toBe(0);

    await call.hangUp();
    await eventually(async () => (await env.DB.prepare("select status from call_summaries where call_id = ?").bind(row.id).first<{ status: string }>())?.status === "ready", 15_000);
    await new Promise((r) => setTimeout(r, 300));
    expect((await listMemory(db(env.DB), scope)).filter((i) => i.sourceCallId === row.id)).toEqual([]);
  });

  it("a call from the linked number with full attestation: the Echo welcomes its owner back with what it remembers", async () => {
    const from = "+15550100978";
    const owner = await createUser({ phoneNumber: from });
    const echo = await createEcho(owner.user.id, { name: "Phone Memo Verified", recordCalls: false });
    await env.DB.prepare("update users set phone_echo_id = ? where id = ?").bind(echo.id, owner.user.id).run();
    const scope = { userId: owner.user.id, echoId: echo.id };
    await rememberItem(db(env.DB), scope, { kind: "person", subject: "name", text: "My name is Sam.", sourceCallId: null, saidAt: Date.now() - 86_400_000 });

    const call = await TwilioCall.dial(net, { authToken: env.TWILIO_AUTH_TOKEN!, from });
    const row = (await callBySid(env.DB, call.callSid))!;
    expect(((await callRow(row.id)) as unknown as { caller_verified: number }).caller_verified).toBe(1);
    const watching = await viewer(row.id, owner);
    await watching.next("live_snapshot");
    await call.connect();
    const greeting = (await watching.next<LiveEntry>((m) => m.type === "live_entry" && (m as LiveEntry).entry.speaker === "assistant", 20_000)).entry;
    expect(greeting.text).toContain("Sam");
    await call.hangUp();
  });
});
