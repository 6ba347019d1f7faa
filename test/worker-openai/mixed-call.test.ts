// A real browser test call in workerd with a mixed configuration, set the way a developer sets it
// (bindings, as from .dev.vars; vitest.config.ts project "worker-openai"): replies from the local
// OpenAI-compatible server (test/openai-server), speech-to-text and speech on the offline engine.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PublicConfig } from "../../protocol/api";
import type { TranscriptEntry } from "../../protocol/call-messages";
import type { AiEngines } from "../../protocol/engines";
import { selectProvider } from "../../worker/ai/select";
import type { LoggedRequest } from "../openai-server/server";
import { d1Transcript, eventually, startTestCall } from "../worker/support/call";

type EntryMsg = { text: string; entry: TranscriptEntry; final?: boolean };
const vendor = new URL(env.TEST_OPENAI_BASE_URL).host;

describe("a call with OpenAI-compatible replies and the offline voice", { timeout: 30_000 }, () => {
  it("names its models, and loads the OpenAI client at call start though speech-to-text runs on another engine", async () => {
    // The composed warm-up warms every engine the call runs on (worker/ai/warm-up.ts), so the first
    // reply's deadline isn't spent loading the `openai` module. (In this suite that load also goes
    // through Vite's transform, seconds under a full run's load: it is done here, once, for the file.)
    const provider = selectProvider(env);
    // The trail names the model behind each stage the way the engine's failures do.
    expect(provider.models).toEqual({ reply: `${vendor}:echo-test-chat` });
    expect(provider.warmUp).toBeTypeOf("function");
    await expect(provider.warmUp?.()).resolves.toBeUndefined();
  });

  it("says which engine runs each stage, on /api/config and in call_started", async () => {
    const config = (await (await exports.default.fetch("https://echo.test/api/config")).json()) as PublicConfig;
    expect(config.aiProvider).toBe("mixed");
    expect(config.aiEngines.stages.reply).toEqual({ engine: "openai", label: `${vendor} echo-test-chat` });
    expect(config.aiEngines.stages.stt).toEqual({ engine: "offline", label: "no speech recognition" });
    expect(config.aiEngines.summary).toBe(`no speech recognition · ${vendor} echo-test-chat · formant voice`);
    expect(config.aiEngines.recognizesSpeech).toBe(false);

    const { socket } = await startTestCall();
    const started = socket.received.find((m) => m.type === "call_started") as { provider: string; engines: AiEngines } | undefined;
    expect(started?.provider).toBe("mixed");
    expect(started?.engines).toEqual(config.aiEngines);
    socket.close();
  });

  it("answers a typed message with the server's streamed reply, spoken by the offline synthesizer", async () => {
    const { socket, callId } = await startTestCall();
    socket.send({ type: "text_input", text: "I went hiking in the hills today." });
    const caller = await socket.next<EntryMsg>("transcription", 5000);
    expect(caller.entry.text).toBe("I went hiking in the hills today.");
    const firstSentence = await socket.next<EntryMsg>("ai_response", 10_000);
    const audio = await socket.next<{ data: string; sampleRate: number }>("audio_response", 10_000);
    expect(audio.sampleRate).toBe(16000);
    expect(audio.data.length).toBeGreaterThan(1000);
    const reply = await socket.next<EntryMsg>((m) => m.type === "ai_response" && m.final === true, 15_000);
    expect(firstSentence.entry.id).toBe(reply.entry.id);
    expect(reply.entry.text).toBe("You said: I went hiking in the hills today.");

    // The server got the conversation: the persona's system prompt, then the caller's words.
    const log = (await (await fetch(`${env.TEST_OPENAI_BASE_URL.replace(/\/v1$/, "")}/_log`)).json()) as LoggedRequest[];
    const sent = log.find((r) => JSON.stringify(r.body.messages ?? []).includes("I went hiking in the hills today."));
    expect(sent?.body).toMatchObject({ model: "echo-test-chat", stream: true });
    const messages = sent?.body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]?.role).toBe("system");
    expect(messages.at(-1)).toEqual({ role: "user", content: "I went hiking in the hills today." });

    socket.send({ type: "end_call" });
    await socket.next("call_ended", 10_000);
    const stored = await eventually(async () => {
      const entries = await d1Transcript(callId);
      return entries.length === 2 ? entries : null;
    });
    expect(stored.map((e) => [e.speaker, e.text])).toEqual([
      ["caller", "I went hiking in the hills today."],
      ["assistant", "You said: I went hiking in the hills today."],
    ]);
  });
});
