// Chaos on a phone call: a phone line cannot show an `error`, so the caller must hear the apology. The
// call's provider is the real Workers AI provider on the chaos binding (support/chaos-ai.ts); the
// caller is the Twilio simulator. The apology's audio must reach Twilio as media frames, closed by a mark
// naming the apology's entry; the call goes on and finalizes with the failure stored.
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CallSession } from "../../../worker/call/CallSession";
import { WorkersAiProvider, MODELS } from "../../../worker/ai/workers-ai/provider";
import { SPOKEN_LINES } from "../../../worker/pipeline/reply/fallback-lines";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl } from "../support/audio";
import { callStub, d1Transcript, eventually } from "../support/call";
import { BINDING_ERRORS, ChaosAi } from "../support/chaos-ai";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";

const net = fetcherNetwork(exports.default, "https://echo.test");

describe("chaos on a phone call", { timeout: 60_000 }, () => {
  it("speech-to-text keeps failing on a turn: the caller hears the apology over the phone, the call goes on", async () => {
    const chaos = new ChaosAi().fail(MODELS.whisper, { throw: BINDING_ERRORS.serverError }, { throw: BINDING_ERRORS.serverError }, { throw: BINDING_ERRORS.serverError });
    const call = await TwilioCall.dial(net, { authToken: env.TWILIO_AUTH_TOKEN!, from: "+15550100961" });
    const row = (await callBySid(env.DB, call.callSid))!;
    await runInDurableObject(callStub(row.id), (instance: CallSession) => instance.useProvider(new WorkersAiProvider(chaos.binding)));
    await call.connect();
    await call.say(pcmFromWavDataUrl(helloWav));
    const apology = await eventually(async () => (await d1Transcript(row.id)).find((e) => e.text === SPOKEN_LINES.apology) ?? null, 20_000);
    expect(apology.outcome).toMatchObject({ status: "failed", failedStage: "transcribe", retries: { transcribe: 2 } });
    // Its audio went down the phone line: media frames, then a mark naming the apology's entry.
    await call.until(() => call.outboundOf("mark").some((m) => m.mark.name.startsWith(`${apology.id}:`)), 20_000, "apology mark");
    expect(call.violations).toEqual([]);
    expect(chaos.count(MODELS.whisper)).toBe(3);

    await call.hangUp();
    const ended = await eventually(async () => {
      const r = await callBySid(env.DB, call.callSid);
      return r?.status === "completed" ? r : null;
    });
    const transcript = await d1Transcript(ended.id);
    expect(transcript.filter((e) => e.speaker === "caller").map((e) => e.text)).toEqual([expect.stringMatching(/^\[speech, \d\.\d s\]$/)]);
    expect(transcript.some((e) => e.id === apology.id)).toBe(true);
  });
});
