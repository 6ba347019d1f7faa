// OpenAI client failures → AiStepError: the HTTP status and the server's error code when it answered
// (`{error:{message,type,code}}`), transient for 429/5xx, network failures and timeouts. A cancelled
// step (the pipeline's AbortSignal) is not a failure: the abort is passed on unchanged.
import { AiStepError, isTransientStatus, type AiStage } from "../errors";
import type { OpenAiSdk } from "./sdk";

const WHAT: Record<AiStage, string> = {
  transcribe: "Speech-to-text",
  reply: "The language model",
  speech: "Text-to-speech",
  emotions: "Emotion scoring",
  turn: "End-of-turn detection",
};

export interface StepTarget {
  stage: AiStage;
  /** e.g. "whisper-1"; the error names "<vendor> <model>". */
  model: string;
  vendor: string;
}

/** How failures and the trail name an endpoint's model: "<vendor>:<model>", e.g. "Ollama:llama3.2". */
export function modelId(endpoint: { vendor: string; model: string }): string {
  return `${endpoint.vendor}:${endpoint.model}`;
}

/** What an aborted step throws: the signal's reason, or an AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** What to throw for `err` from `target`'s request (made with `sdk`'s client): the abort itself, or an AiStepError. */
export function stepFailure(err: unknown, target: StepTarget, sdk: OpenAiSdk, signal?: AbortSignal): unknown {
  if (err instanceof AiStepError) return err;
  if (signal?.aborted) return abortReason(signal);
  const model = modelId(target);
  const failed = `${WHAT[target.stage]} failed (${target.vendor} ${target.model})`;
  if (err instanceof sdk.APIUserAbortError) return new DOMException("The operation was aborted.", "AbortError");
  if (err instanceof sdk.APIConnectionError) {
    // Network failures and the client's own timeout: worth retrying.
    return new AiStepError(`${failed}: ${err.message}`, { stage: target.stage, model, transient: true, cause: err });
  }
  if (err instanceof sdk.APIError) {
    const status = err.status;
    const code = err.code ?? err.type ?? undefined;
    return new AiStepError(`${failed}: ${err.message}`, {
      stage: target.stage,
      model,
      // An error event inside a stream has no status: the server failed mid-answer, so try again.
      transient: status === undefined ? true : isTransientStatus(status),
      ...(status === undefined ? {} : { status }),
      ...(code === undefined ? {} : { code }),
      cause: err,
    });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new AiStepError(`${failed}: ${message}`, { stage: target.stage, model, transient: false, cause: err });
}

/** A well-formed answer we can't use (no text, MP3 audio…): retrying the same request won't help. */
export function unusableAnswer(target: StepTarget, problem: string): AiStepError {
  return new AiStepError(`${WHAT[target.stage]} failed (${target.vendor} ${target.model}): ${problem}`, {
    stage: target.stage,
    model: modelId(target),
    transient: false,
  });
}
