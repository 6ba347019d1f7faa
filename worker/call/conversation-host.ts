// Owns this call's pipeline Conversation: creates it lazily with the call's persona, its provider and
// the transcript stored so far (so a restarted object picks the conversation up where it left off),
// and the embedded synthesizer as the voice of its fixed lines when speech fails; forwards caller audio,
// typed text and the call side's fixed lines (say) to it.
import type { AiProvider, ChatMessage } from "../ai/provider";
import { describeProvider } from "../ai/describe";
import { selectProvider } from "../ai/select";
import type { Env } from "../config/env";
import { BUNDLED_VOICE } from "../ai/offline/synth";
import { Conversation } from "../pipeline/conversation";
import type { PipelineEmit } from "../pipeline/core/events";
import { readPipelineSettings } from "../config/pipeline-settings";
import { readSafetyResources } from "../config/safety-resources";
import type { CallAi, CallStore } from "./store";
import { settledWithin } from "../lib/settled-within";
import { callActions } from "./actions-adapter";

/**
 * How long ending a call waits for the pipeline to wrap up its last turn: at least this, and always
 * past the speech-to-text deadline, so a last turn whose transcription hangs is still kept (as
 * "[speech, …]") rather than lost.
 */
export const CLOSE_TIMEOUT_MS = 5_000;
/** After the abort, how long the cut turns may take to store their lines (aborted steps end at once). */
const ABORTED_WRAP_UP_MS = 1_000;

export class ConversationHost {
  private current: Conversation | null = null;
  /** Conversations being ended (close()). */
  private readonly closing = new Set<Promise<void>>();
  private provider: AiProvider | null = null;

  constructor(
    private readonly env: Env,
    private readonly store: CallStore,
    private readonly emit: PipelineEmit,
  ) {}

  /** This call's AI provider (chosen from the configuration, unless useProvider replaced it). */
  aiProvider(): AiProvider {
    this.provider ??= selectProvider(this.env);
    return this.provider;
  }

  /** The provider's name and which engine runs each stage. */
  ai(): CallAi {
    const provider = this.aiProvider();
    return { provider: provider.name, engines: describeProvider(provider) };
  }

  /** Swaps the provider; the conversation restarts from the stored transcript on the next input. */
  useProvider(provider: AiProvider): void {
    this.provider = provider;
    void this.close();
  }

  /**
   * Starts the pipeline. A phone caller hears the Echo greet them first (nobody can see a screen);
   * `greet` overrides whether it does (default: a phone call with nothing said yet).
   */
  start(greet?: boolean): void {
    const conversation = this.conversation();
    if (!conversation) return;
    // The apology and the goodbye in the Echo's voice, ready before anything can fail. (The offline
    // provider's voice is the bundled voice the pipeline falls back to: nothing to prepare.)
    if (this.aiProvider().name !== "offline") void conversation.prepare();
    const state = this.store.state();
    const first = state?.callType === "phone" && this.store.isEmpty();
    if (!(greet ?? first)) return;
    // A callback we placed opens with why it calls; every other call with the Echo's greeting.
    if (state?.opening && this.store.isEmpty()) void conversation.say(state.opening);
    else conversation.greet();
  }

  /**
   * Says a fixed line to the caller (the recording notice, a keypad confirmation) through the pipeline,
   * as an assistant reply: recorded, stored, shown to the viewers and sent like any reply, and counted
   * by the playback clock (what the Echo says next follows it). True once its audio has gone out; false
   * when there is no conversation to say it (the call is not active, or it closed meanwhile).
   */
  say(text: string): Promise<boolean> {
    return this.conversation()?.say(text) ?? Promise.resolve(false);
  }

  pushAudio(pcm: Int16Array): void {
    this.conversation()?.pushAudio(pcm);
  }

  pushText(text: string): void {
    this.conversation()?.pushText(text);
  }

  /**
   * Ends the conversation: its last caller turn and the cut-off reply are emitted before this resolves,
   * and so are those of a conversation another close() is still ending (e.g. a keypad link's restart).
   */
  async close(options: { stopPlayback?: boolean } = {}): Promise<void> {
    const conversation = this.current;
    this.current = null;
    if (conversation) {
      const closing = this.wrapUp(conversation, options);
      this.closing.add(closing);
      const done = () => this.closing.delete(closing);
      void closing.then(done, done);
    }
    await Promise.all(this.closing);
  }

  private async wrapUp(conversation: Conversation, options: { stopPlayback?: boolean }): Promise<void> {
    const closed = conversation.close(options);
    await settledWithin(closed, Math.max(CLOSE_TIMEOUT_MS, readPipelineSettings(this.env).transcribeMs + 1000));
    conversation.abort(); // anything still running (a hung model) is cancelled, not left behind
    // The turns it cut (queued behind a slow transcription) keep their lines as "[speech, …]": they come
    // out as the aborted steps end, at once; wait for them, briefly.
    await settledWithin(closed, ABORTED_WRAP_UP_MS);
  }

  private callerVerified(): boolean {
    const state = this.store.state();
    return state?.callType === "browser_test" || state?.callerVerified === true;
  }

  private conversation(): Conversation | null {
    if (this.current) return this.current;
    const state = this.store.state();
    if (!state || state.phase !== "active") return null;
    const history: ChatMessage[] = this.store.entries().map((e) => ({ role: e.speaker === "caller" ? "user" : "assistant", content: e.text }));
    this.current = new Conversation({
      provider: yieldingBeforeSynthesis(this.aiProvider()),
      persona: state.persona,
      emit: this.emit,
      fallbackVoice: BUNDLED_VOICE,
      history,
      callType: state.callType,
      callId: state.callId,
      settings: readPipelineSettings(this.env),
      safetyResources: readSafetyResources(this.env.SAFETY_RESOURCES),
      // Memory only for a verified caller (the setup reads it only then, and only with "Remember callers" on).
      ...(state.callerVerified && state.memory ? { memory: state.memory } : {}),
      // Personal: only for a caller known to be the owner (issue 42 §4).
      ...(state.callerVerified && state.timeZone ? { timeZone: state.timeZone } : {}),
      // What the caller can ask for (remember, callbacks, follow-ups); personal ones for the verified owner
      // only: a browser test call is the signed-in owner; a phone caller once they keyed in their PIN.
      actions: callActions(this.env, { userId: state.userId, echoId: state.echoId, callId: state.callId, verified: () => this.callerVerified() }),
    });
    return this.current;
  }
}

/**
 * The provider with every synthesis started on a fresh task. Synthesis can be CPU work (the offline
 * synthesizer): started in the same task as the events before it, it would hold the interrupt, the
 * transcript and the reply text in the socket's queue until it finished. Yielding first lets them go out.
 */
function yieldingBeforeSynthesis(provider: AiProvider): AiProvider {
  return {
    name: provider.name,
    ...(provider.engines ? { engines: provider.engines } : {}),
    ...(provider.models ? { models: provider.models } : {}),
    transcribe: (audio, signal) => provider.transcribe(audio, signal),
    textEmotions: (text, signal) => provider.textEmotions(text, signal),
    reply: (request, signal) => provider.reply(request, signal),
    synthesize: async (text, voice, signal, delivery) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      return provider.synthesize(text, voice, signal, delivery);
    },
    ...(provider.detectTurnEnd ? { detectTurnEnd: provider.detectTurnEnd.bind(provider) } : {}),
    ...(provider.startTranscription ? { startTranscription: provider.startTranscription.bind(provider) } : {}),
    ...(provider.openTranscriber ? { openTranscriber: provider.openTranscriber.bind(provider) } : {}),
  };
}
