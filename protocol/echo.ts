// Echo (assistant) shapes shared by the API and the SPA.
import { z } from "zod";

export const PERSONALITIES = ["professional", "friendly", "empathetic", "enthusiastic", "calm", "witty"] as const;
export const EXPERTISES = [
  "general",
  "health",
  "business",
  "technology",
  "education",
  "creativity",
  "therapy",
  "fitness",
] as const;
export const VOICE_STYLES = ["default", "warm", "energetic", "authoritative", "gentle"] as const;

export type Personality = (typeof PERSONALITIES)[number];
export type Expertise = (typeof EXPERTISES)[number];
export type VoiceStyle = (typeof VOICE_STYLES)[number];

export const echoInputSchema = z.object({
  name: z.string().trim().min(1, "Echo name is required.").max(80),
  description: z.string().trim().max(500).default(""),
  personality: z.enum(PERSONALITIES),
  expertise: z.enum(EXPERTISES),
  instructions: z.string().trim().max(4000).default(""),
  voiceStyle: z.enum(VOICE_STYLES),
  /** Record this Echo's calls (on by default; phone callers hear that the call is recorded). */
  recordCalls: z.boolean().default(true),
  /** "Remember callers": the Echo keeps what its owner shares in calls (on by default; off: nothing stored or used). */
  rememberCallers: z.boolean().default(true),
});
export type EchoInput = z.input<typeof echoInputSchema>;
/** PUT /api/echoes/:id: the designed fields again; an omitted recordCalls or rememberCallers keeps the Echo's (never switched on by omission). */
export const echoReplaceSchema = echoInputSchema.extend({ recordCalls: z.boolean().optional(), rememberCallers: z.boolean().optional() });
/** Who an Echo is: its designed fields, validated (echoInputSchema's output, defaults applied). */
export type EchoFields = z.output<typeof echoInputSchema>;

export interface Echo extends EchoFields {
  id: string;
  userId: string;
  isActive: boolean;
  totalCalls: number;
  /** The Echo a new account starts with, so a first test call needs no setup (shown as "Starter"). */
  starter: boolean;
  createdAt: number;
  updatedAt: number;
}

/** PATCH /api/echoes/:id: any subset of the fields (no defaults applied), plus isActive. */
export const echoPatchSchema = z
  .object({
    name: echoInputSchema.shape.name.optional(),
    description: z.string().trim().max(500).optional(),
    personality: z.enum(PERSONALITIES).optional(),
    expertise: z.enum(EXPERTISES).optional(),
    instructions: z.string().trim().max(4000).optional(),
    voiceStyle: z.enum(VOICE_STYLES).optional(),
    isActive: z.boolean().optional(),
    recordCalls: z.boolean().optional(),
    rememberCallers: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update." });
export type EchoPatch = z.infer<typeof echoPatchSchema>;

export const ECHOES_PAGE_DEFAULT = 50;
export const ECHOES_PAGE_MAX = 100;

/** GET /api/echoes?active=&limit=&cursor= */
export const echoListQuerySchema = z.object({
  active: z.enum(["true", "false"], { message: 'must be "true" or "false"' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ECHOES_PAGE_MAX).default(ECHOES_PAGE_DEFAULT),
});

/** GET /api/echoes: one page, newest updated first; `nextCursor` asks for the next (null: the last page). */
export interface EchoList {
  echoes: Echo[];
  nextCursor: string | null;
}
