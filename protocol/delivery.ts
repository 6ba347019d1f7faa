// How the Echo says a reply, chosen from the caller's state and the Echo's voice style
// (worker/pipeline/reply/delivery.ts): a tone, a pace, a pitch and a level for engines that take them,
// and words for engines that take instructions. Stored with the assistant entry (TurnOutcome.delivery).
import { z } from "zod";

export const DELIVERY_TONES = ["neutral", "soft", "bright", "steady"] as const;

export const deliverySchema = z.object({
  /** neutral (the voice as it is), soft (sadness, fear), bright (joy), steady (anger). */
  tone: z.enum(DELIVERY_TONES),
  /** Pace multiplier: 1 is the voice's own pace, below 1 slower. */
  rate: z.number(),
  /** Pitch offset in semitones from the voice's own. */
  pitchSt: z.number(),
  /** Level multiplier: 1 is the voice's own, below 1 softer. */
  volume: z.number(),
  /** Spoken-style instructions for speech models that take them (OpenAI's gpt-4o-mini-tts). */
  instructions: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;
