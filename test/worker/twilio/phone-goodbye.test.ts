// A phone caller who says goodbye is answered with a closing line, then the Echo hangs up: the server
// closes Twilio's media stream and the call is stored as completed (reason echo_said_goodbye). The
// offline provider can't recognise speech, so this call's provider hears "okay i have to go now goodbye"
// for any turn (recognised, as local speech would give it); its replies are the offline engine's own.
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OfflineProvider } from "../../../worker/ai/offline/provider";
import type { AiProvider } from "../../../worker/ai/provider";
import type { CallSession } from "../../../worker/call/CallSession";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl } from "../support/audio";
import { callStub, d1Transcript, eventually } from "../support/call";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";

const net = fetcherNetwork(exports.default, "https://echo.test");

/** The offline provider, with every spoken turn heard as a goodbye. */
function hearsGoodbye(): AiProvider {
  const offline = new OfflineProvider();
  return {
    name: offline.name,
    transcribe: async () => ({ text: "okay i have to go now goodbye", recognized: true }),
    textEmotions: (text, signal) => offline.textEmotions(text, signal),
    reply: (request, signal) => offline.reply(request, signal),
    synthesize: (text, voice, signal) => offline.synthesize(text, voice, signal),
  };
}

describe("goodbye on a phone call", { timeout: 60_000 }, () => {
  it("the caller says goodbye: a closing line, then the Echo hangs up and the call is completed", async () => {
    const call = await TwilioCall.dial(net, { authToken: env.TWILIO_AUTH_TOKEN!, from: "+15550100977" });
    const row = (await callBySid(env.DB, call.callSid))!;
    await runInDurableObject(callStub(row.id), (instance: CallSession) => instance.useProvider(hearsGoodbye()));
    await call.connect();
    await call.say(pcmFromWavDataUrl(helloWav));
    await call.until(() => call.closed !== null, 30_000, "the server closing the stream");
    const ended = await eventually(async () => {
      const r = await callBySid(env.DB, call.callSid);
      return r?.status === "completed" ? r : null;
    });
    expect(ended.end_reason).toBe("echo_said_goodbye");
    const transcript = await d1Transcript(ended.id);
    expect(transcript.at(-1)).toMatchObject({ speaker: "assistant", text: expect.stringMatching(/bye/i) });
    expect(call.violations).toEqual([]);
  });
});
