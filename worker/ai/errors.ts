// How an AI provider reports a failed step. Every provider (Workers AI, OpenAI-compatible HTTP, the
// embedded local engine) throws AiStepError, so the pipeline's deadline/retry layer can tell a
// transient failure (retry inside the deadline) from one that retrying cannot fix, and the logs and
// the transcript can name the stage and the model that failed.

import type { AiStage } from "../../protocol/call-messages";

/** The pipeline's AI steps (defined with the call protocol, which stores them in turn outcomes). */
export type { AiStage };

export interface AiStepErrorInit {
  stage: AiStage;
  /** The model or engine asked, e.g. "@cf/openai/whisper-large-v3-turbo" or "ollama:llama3.2". */
  model: string;
  /** True for failures a retry may fix: HTTP 429, 5xx, Workers AI capacity (3040), network errors, timeouts. */
  transient: boolean;
  /** HTTP status, when the failure came with one. */
  status?: number;
  /** Provider error code, when the failure came with one (e.g. Workers AI 3040). */
  code?: string | number;
  cause?: unknown;
}

export class AiStepError extends Error {
  override readonly name = "AiStepError";
  readonly stage: AiStage;
  readonly model: string;
  readonly transient: boolean;
  readonly status: number | undefined;
  readonly code: string | number | undefined;

  constructor(message: string, init: AiStepErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.stage = init.stage;
    this.model = init.model;
    this.transient = init.transient;
    this.status = init.status;
    this.code = init.code;
  }
}

/** HTTP statuses worth retrying: rate limits, timeouts and server-side failures. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}
