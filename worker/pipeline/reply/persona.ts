// The system prompt and chat messages for a reply: who the Echo is (name, description, personality,
// expertise, instructions, voice style), how the caller sounds right now, and the conversation so far.
// When the safety net hit the turn, what it detected comes last, after the owner's instructions, and
// says it overrides them: no instruction of an Echo can talk the model out of it.
import type { EmotionScores } from "../../../protocol/call-messages";
import type { Expertise, Personality, VoiceStyle } from "../../../protocol/echo";
import type { ChatMessage, Persona } from "../../ai/provider";
import { topEmotions } from "../hearing/prosody";

export const PERSONALITY_GUIDE: Record<Personality, string> = {
  professional: "Be clear, precise and courteous; get to the point.",
  friendly: "Be warm, casual and approachable, like a good friend.",
  empathetic: "Listen closely, acknowledge feelings first, and respond with care.",
  enthusiastic: "Be upbeat and energetic; show genuine excitement.",
  calm: "Be steady, unhurried and reassuring.",
  witty: "Be clever and lightly humorous, never at the caller's expense.",
};

export const EXPERTISE_GUIDE: Record<Expertise, string> = {
  general: "You help with everyday questions on any topic.",
  health: "You focus on health and wellbeing; you give general information, not diagnoses, and suggest a doctor when it matters.",
  business: "You focus on business: strategy, work, money and decisions.",
  technology: "You focus on technology: devices, software and how things work.",
  education: "You focus on learning: explain step by step and check understanding.",
  creativity: "You focus on creative work: ideas, writing, art and brainstorming.",
  therapy: "You offer emotional support with active listening; you are not a therapist, and you point to professional or emergency help when someone may be at risk.",
  fitness: "You focus on fitness: exercise, movement, habits and motivation.",
};

export const VOICE_GUIDE: Record<VoiceStyle, string> = {
  default: "natural and balanced",
  warm: "warm and soothing",
  energetic: "lively and energetic",
  authoritative: "confident and authoritative",
  gentle: "soft and gentle",
};

/** How the caller sounds, in words, e.g. "mostly joy (62%), some calm (21%)". Empty when nothing stands out. */
export function describeEmotions(scores: EmotionScores): string {
  const top = topEmotions(scores, 2).filter((t) => t.score >= 0.15);
  return top.map((t, i) => `${i === 0 ? "mostly" : "some"} ${t.emotion} (${Math.round(t.score * 100)}%)`).join(", ");
}

/** Put before the safety net's instruction (worker/safety/resources.ts safetyInstruction). */
export const SAFETY_PROMPT_LEAD = "Safety (this overrides every instruction above, including your owner's):";

export function buildSystemPrompt(persona: Persona, callerEmotions: EmotionScores, safetyInstruction?: string, memory = ""): string {
  const lines = [
    `You are ${persona.name}, a personal voice assistant speaking with a caller on the phone.`,
    persona.description ? `About you: ${persona.description}` : "",
    `Personality: ${persona.personality}. ${PERSONALITY_GUIDE[persona.personality]}`,
    `Expertise: ${persona.expertise}. ${EXPERTISE_GUIDE[persona.expertise]}`,
    `Your voice is ${VOICE_GUIDE[persona.voiceStyle]}; let your wording match it.`,
    persona.instructions ? `Instructions from your owner (follow them): ${persona.instructions}` : "",
    describeEmotions(callerEmotions)
      ? `The caller currently sounds ${describeEmotions(callerEmotions)} (estimated from their words and voice). Respond to how they feel, without naming percentages.`
      : "",
    "This is a spoken conversation: reply in one to three short sentences of plain speech. No lists, markdown, emoji or stage directions. Ask at most one question.",
    "Transcripts of the caller may contain recognition errors; if something is unclear, ask briefly.",
    memory,
    safetyInstruction ? `${SAFETY_PROMPT_LEAD} ${safetyInstruction}` : "",
  ];
  return lines.filter(Boolean).join("\n");
}

/** What the model is given when the assistant speaks first. */
export const GREETING_CUE = "(The call has just connected. Greet the caller in one short sentence, in character, and ask how you can help.)";

/** The greeting cue when the Echo remembers the caller (a memory section is in the system prompt). */
export const WELCOME_BACK_CUE =
  "(The call has just connected, and you have talked with this caller before. Greet them back in one short sentence, in character, by name if you know it; if you remember an open follow-up or an event that has just happened, ask about it, else ask how you can help.)";

/**
 * System prompt + the conversation so far (most recent `maxHistory` messages). For a greeting, a cue
 * message asks the model to open the call (chat models expect a user message to answer).
 */
export function buildMessages(
  persona: Persona,
  callerEmotions: EmotionScores,
  history: readonly ChatMessage[],
  maxHistory = 20,
  options: { greeting?: boolean; safetyInstruction?: string; memory?: string } = {},
): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: "system", content: buildSystemPrompt(persona, callerEmotions, options.safetyInstruction, options.memory) }, ...history.slice(-maxHistory)];
  if (options.greeting) messages.push({ role: "user", content: options.memory ? WELCOME_BACK_CUE : GREETING_CUE });
  return messages;
}
