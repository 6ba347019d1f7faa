// The embedded local speech provider: real words both ways, offline. Speech-to-text is PocketSphinx
// (WebAssembly, US-English model), decoded incrementally while the caller speaks; speech is flite
// (a distinct voice per Echo voice style, 16 kHz). Replies are the rule-based in-character replies,
// driven by the recognised words and the caller's emotions (the words model, worker/emotion/; no language model). Recognition is
// approximate (a small 2015-era model): the provider says its words are recognised, the UI says they
// may be wrong. Never in the production bundle (see available.ts).
import type { EmotionScores } from "../../../protocol/call-messages";
import type { Delivery } from "../../../protocol/delivery";
import type { VoiceStyle } from "../../../protocol/echo";
import type { AiStageKey } from "../../../protocol/engines";
import { scalePcm } from "../../audio/pcm";
import { upsample8to16 } from "../../audio/resample";
import { wordsEmotions } from "../../emotion/words-model";
import { dialogueReply } from "../offline/replies";
import type { AiProvider, PcmAudio, ReplyChunk, ReplyRequest, Transcript, TranscriptionStream } from "../provider";
import { SpeechMemo, voiceKey } from "../speech-memo";
import { pocketSphinx } from "./stt/assets";
import { RECOGNIZER_SAMPLE_RATE, type PocketSphinx } from "./stt/pocketsphinx";
import { IncrementalTranscription } from "./stt/stream";
import { runFlite } from "./tts/flite";
import { FLITE_MODULE } from "./tts/flite-module";
import { deliveredVoice, FLITE_VOICES } from "./tts/voices";
import { winkLanguage } from "./wink-language";

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
}

/** One per isolate: every call of an Echo opens with the same greeting in the same voice. */
const memo = new SpeechMemo();

export class LocalSpeechProvider implements AiProvider {
  readonly name = "local" as const;

  /** `loadRecognizer`: the isolate's recogniser (tests count its loads). */
  constructor(private readonly loadRecognizer: () => Promise<PocketSphinx> = pocketSphinx) {}

  /**
   * Loads the recogniser (once per isolate, ~1–2 s) at call start, before the caller's first turn;
   * not when the call's speech-to-text runs on another engine. Likewise the replies' tagger.
   */
  async warmUp(stages?: ReadonlySet<AiStageKey>): Promise<void> {
    // The replies' tagger (wink-nlp's model, ~0.2 s once per isolate) loads now, not in the first reply.
    if (!stages || stages.has("reply")) winkLanguage.tag("Hello.");
    if (!stages || stages.has("stt")) await this.loadRecognizer();
  }

  startTranscription(): TranscriptionStream {
    return new IncrementalTranscription(this.loadRecognizer());
  }

  async transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    throwIfAborted(signal);
    const stream = this.startTranscription();
    if (audio.sampleRate === 8000) stream.push(upsample8to16(audio.samples));
    else if (audio.sampleRate === RECOGNIZER_SAMPLE_RATE) stream.push(audio.samples);
    else {
      stream.cancel();
      throw new RangeError(`Local speech recognition takes 8 or 16 kHz audio (got ${audio.sampleRate} Hz).`);
    }
    return stream.finish(signal);
  }

  async textEmotions(text: string, signal?: AbortSignal): Promise<EmotionScores> {
    throwIfAborted(signal);
    return wordsEmotions(text);
  }

  reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    return dialogueReply(request, { language: winkLanguage, engine: "local" }, signal);
  }

  /** flite at the delivery's pace and pitch, its samples scaled to the delivery's level. */
  async synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal, delivery?: Delivery): Promise<PcmAudio> {
    throwIfAborted(signal);
    return memo.get(text, voiceKey(voice, delivery), async () => {
      const speech = await runFlite(FLITE_MODULE, text, deliveredVoice(FLITE_VOICES[voice], delivery));
      return { samples: scalePcm(speech.samples, delivery?.volume ?? 1), sampleRate: speech.sampleRate };
    });
  }
}
