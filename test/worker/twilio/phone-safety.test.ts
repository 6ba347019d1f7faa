// The safety net over a phone call through the Twilio simulator (issue 40 §4): a spoken turn that hits
// is marked on its entry, the Echo's reply to it opens with the fixed message (after the greeting, the
// first thing said for that turn), the call goes on to the next turn, and D1 has the entry's mark and
// the call's flag while the call still runs. The offline provider can't recognise speech, so this
// call's provider hears a risk line for the first turn and a plain one after; replies are the offline
// engine's own.
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OfflineProvider } from "../../../worker/ai/offline/provider";
import type { AiProvider } from "../../../worker/ai/provider";
import type { CallSession } from "../../../worker/call/CallSession";
import { CallStore } from "../../../worker/call/store";
import { safetyMessage } from "../../../worker/safety/resources";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl } from "../support/audio";
import { callStub, eventually } from "../support/call";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";

const net = fetcherNetwork(exports.default, "https://echo.test");
const MESSAGE = safetyMessage({ category: "self_harm", negated: false });

/** The offline provider, hearing `lines` for the spoken turns in order (the last one again after). */
function hears(lines: string[]): AiProvider {
  const offline = new OfflineProvider();
  let turn = 0;
  return {
    name: offline.name,
    transcribe: async () => ({ text: lines[Math.min(turn++, lines.length - 1)]!, recognized: true }),
    textEmotions: (text, signal) => offline.textEmotions(text, signal),
    reply: (request, signal) => offline.reply(request, signal),
    synthesize: (text, voice, signal) => offline.synthesize(text, voice, signal),
  };
}

interface Row {
  speaker: string;
  text: string;
  safety: string | null;
}

const entries = async (callId: string) => (await env.DB.prepare("select speaker, text, safety from transcript_entries where call_id = ? order by seq").bind(callId).all<Row>()).results;

describe("the safety net on a phone call", { timeout: 120_000 }, () => {
  it("a spoken risk turn: marked, the message first, the call goes on, D1 flags the call", async () => {
    const call = await TwilioCall.dial(net, { authToken: env.TWILIO_AUTH_TOKEN!, from: "+15550100978" });
    const row = (await callBySid(env.DB, call.callSid))!;
    const stub = callStub(row.id);
    await runInDurableObject(stub, (instance: CallSession) => instance.useProvider(hears(["i want to kill myself", "can we talk about my garden"])));
    await call.connect();
    await call.say(pcmFromWavDataUrl(helloWav));

    // D1 has the caller's marked entry and the flag as soon as it is stored (the call still runs).
    const flagged = await eventually(async () => {
      const r = await env.DB.prepare("select safety_alert from calls where id = ?").bind(row.id).first<{ safety_alert: string | null }>();
      return r?.safety_alert ?? null;
    }, 20_000);
    expect(flagged).toBe("self_harm");
    expect(call.closed).toBeNull();

    // Its reply: the message first. (The greeting, said when the call connected, answers no turn.)
    const stored = () => runInDurableObject(stub, (_instance: CallSession, state) => new CallStore(state.storage.sql).entries());
    const replied = await eventually(async () => {
      const list = await stored();
      const at = list.findIndex((e) => e.speaker === "caller" && e.safety === "self_harm");
      const reply = at >= 0 ? list[at + 1] : undefined;
      return reply && reply.speaker === "assistant" && reply.text.length > MESSAGE.length ? list : null;
    }, 60_000);
    const at = replied.findIndex((e) => e.safety === "self_harm");
    expect(replied[at + 1]!.text.startsWith(MESSAGE)).toBe(true);

    // The call continues: the next turn is heard and answered without the message.
    await call.say(pcmFromWavDataUrl(helloWav));
    const next = await eventually(async () => {
      const list = await stored();
      const second = list.slice(at + 2).findIndex((e) => e.speaker === "caller");
      const reply = second >= 0 ? list[at + 2 + second + 1] : undefined;
      return reply?.speaker === "assistant" ? { caller: list[at + 2 + second]!, reply } : null;
    }, 60_000);
    expect(next.caller.safety).toBeUndefined();
    expect(next.reply.text).not.toContain(MESSAGE);

    await call.hangUp();
    const d1 = await eventually(async () => {
      const list = await entries(row.id);
      return list.some((e) => e.speaker === "caller" && e.text === "i want to kill myself") ? list : null;
    }, 20_000);
    expect(d1.find((e) => e.text === "i want to kill myself")!.safety).toBe("self_harm");
    expect(d1.find((e) => e.text === "can we talk about my garden")!.safety).toBeNull();
    expect(call.violations).toEqual([]);
  });
});
