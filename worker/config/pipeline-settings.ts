// Deadlines and retry policy of the pipeline's AI steps, in one place: defaults, the environment
// setting that overrides each, and the parser (a bad value is a readable error naming the setting).
//
// Every AI step has a deadline; when it passes, or the turn is abandoned, the step is cancelled (its
// AbortSignal fires). Transient failures (AiStepError.transient: HTTP 429/5xx, Workers AI 3040, network,
// a timed-out attempt) are retried with jittered exponential backoff while the deadline allows.
import { z } from "zod";

export interface PipelineSettings {
  /** Speech-to-text of one caller turn, retries included. */
  transcribeMs: number;
  /** The turn model's verdict; past this the turn counts as complete (the VAD decides). */
  turnModelMs: number;
  /** Emotion scores of the caller's words; past this prosody alone scores the turn. */
  emotionsMs: number;
  /** The reply's first token, retries included. */
  firstTokenMs: number;
  /** The reply's whole stream, from the request to the last token. */
  replyMs: number;
  /** Speech for one sentence, retries included. */
  speechMs: number;
  /** Speech for an apology or goodbye made on demand, before the bundled voice says it instead. */
  lineMs: number;
  /** Attempts per step (1 = no retry). */
  maxAttempts: number;
  /** First retry waits about this long (jittered 50–100 %), doubling each time up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** This many failed turns in a row end the call (spoken goodbye, call finalized as failed). */
  maxFailedTurns: number;
  /** One action the caller asked for (remember, schedule a callback…); past this the caller hears it didn't work. */
  actionMs: number;
}

export const DEFAULT_PIPELINE_SETTINGS: PipelineSettings = {
  transcribeMs: 6000,
  turnModelMs: 350,
  emotionsMs: 1500,
  firstTokenMs: 4000,
  replyMs: 20_000,
  speechMs: 5000,
  lineMs: 700,
  maxAttempts: 3,
  backoffBaseMs: 200,
  backoffMaxMs: 1000,
  maxFailedTurns: 3,
  actionMs: 5000,
};

/** The environment variable (wrangler.toml [vars] or .dev.vars) that overrides each setting. */
export const PIPELINE_SETTING_NAMES = {
  transcribeMs: "AI_STT_DEADLINE_MS",
  turnModelMs: "AI_TURN_MODEL_DEADLINE_MS",
  emotionsMs: "AI_EMOTIONS_DEADLINE_MS",
  firstTokenMs: "AI_FIRST_TOKEN_DEADLINE_MS",
  replyMs: "AI_REPLY_DEADLINE_MS",
  speechMs: "AI_SPEECH_DEADLINE_MS",
  lineMs: "AI_APOLOGY_DEADLINE_MS",
  maxAttempts: "AI_MAX_ATTEMPTS",
  backoffBaseMs: "AI_BACKOFF_BASE_MS",
  backoffMaxMs: "AI_BACKOFF_MAX_MS",
  maxFailedTurns: "AI_MAX_FAILED_TURNS",
  actionMs: "ACTION_DEADLINE_MS",
} as const satisfies Record<keyof PipelineSettings, string>;

export type PipelineSettingName = (typeof PIPELINE_SETTING_NAMES)[keyof PipelineSettings];
/** The environment's view of the settings (worker/config/env.ts Env includes it). */
export type PipelineSettingVars = Partial<Record<PipelineSettingName, string>>;

export class PipelineSettingError extends Error {
  constructor(
    readonly setting: string,
    readonly problem: string,
  ) {
    super(`Configuration error: ${setting} ${problem}. See docs/configuration.md, "When the AI is slow or fails".`);
  }
}

const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const LIMITS: Record<keyof PipelineSettings, z.ZodType<number>> = {
  transcribeMs: whole(100, 120_000),
  turnModelMs: whole(10, 10_000),
  emotionsMs: whole(10, 60_000),
  firstTokenMs: whole(100, 120_000),
  replyMs: whole(100, 600_000),
  speechMs: whole(100, 120_000),
  lineMs: whole(10, 10_000),
  maxAttempts: whole(1, 10),
  backoffBaseMs: whole(0, 60_000),
  backoffMaxMs: whole(0, 60_000),
  maxFailedTurns: whole(1, 100),
  actionMs: whole(100, 60_000),
};

/** Settings from environment variables (unset or empty → default); a bad value throws PipelineSettingError. */
export function readPipelineSettings(vars: PipelineSettingVars): PipelineSettings {
  const settings = { ...DEFAULT_PIPELINE_SETTINGS };
  for (const key of Object.keys(PIPELINE_SETTING_NAMES) as Array<keyof PipelineSettings>) {
    const name = PIPELINE_SETTING_NAMES[key];
    const raw = vars[name];
    if (raw === undefined || raw.trim() === "") continue;
    const parsed = LIMITS[key].safeParse(raw);
    if (!parsed.success) throw new PipelineSettingError(name, `must be a whole number in range`);
    settings[key] = parsed.data;
  }
  return settings;
}
