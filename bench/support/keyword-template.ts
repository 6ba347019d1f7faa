// The previous approach, kept for the comparison in bench/dialogue.bench.ts only: the keyword template
// that answered before the dialogue manager (worker/ai/offline/replies.ts until issue 41), verbatim.
// In-character replies for the offline provider, composed from templates: an opening in the Echo's
// personality, a response to how the caller sounds, then either the typed words acknowledged through
// the Echo's expertise or — for speech it cannot recognise — an honest note that it runs offline and
// can't make out words, with an invitation to type. With local speech (engine "local") the words are
// recognised: the reply acknowledges what was said and asks a follow-up about it, shaped by the
// caller's mood. Varied by turn, deterministic for the same input.
import type { CallType, EmotionScores } from "../../protocol/call-messages";
import type { Expertise, Personality } from "../../protocol/echo";
import type { CallerTurnInfo, Persona } from "../../worker/ai/provider";
import { contentWords } from "../../worker/ai/words";

type Mood = "joy" | "sadness" | "anger" | "fear" | "surprise" | "calm";

const OPENINGS: Record<Personality, string[]> = {
  professional: ["Thank you.", "Understood.", "Certainly.", "Noted."],
  friendly: ["Hey!", "Oh, hi there.", "Okay!", "Got it."],
  empathetic: ["I'm here with you.", "Thank you for sharing that.", "I'm listening.", "I hear you."],
  enthusiastic: ["Oh, wonderful!", "Great to hear from you!", "Ooh, okay!", "Love it!"],
  calm: ["Alright.", "Okay, let's take this slowly.", "Mm, I see.", "Let's see."],
  witty: ["Well, well.", "Ah, a classic.", "Now we're talking.", "Interesting."],
};

const MOOD_LINES: Record<Mood, string[]> = {
  joy: ["You sound really happy, and that's lovely to hear.", "I can hear the good mood in that.", "That sounds like a bright moment."],
  sadness: ["It sounds like things feel heavy right now.", "I'm sorry it's been hard.", "That sounds really tough, and it's okay to feel that way."],
  anger: ["I can tell this is frustrating.", "That sounds genuinely annoying, and your frustration makes sense.", "I hear how upset you are about this."],
  fear: ["That sounds worrying.", "It makes sense to feel anxious about that.", "Let's take it one step at a time, you're not alone in this."],
  surprise: ["That sounds unexpected!", "Wow, I didn't see that coming either.", "What a surprise."],
  calm: ["", "", ""],
};

const EXPERTISE_OFFERS: Record<Expertise, string[]> = {
  general: ["I'm happy to think it through with you.", "Let's work through it together."],
  health: ["We can look at what might help you feel better, and a doctor is the right call for anything serious.", "Let's think about rest, habits and what your body is telling you."],
  business: ["We could break this down into goals, options and next steps.", "Let's look at the numbers and the decision in front of you."],
  technology: ["We can go through it step by step, like troubleshooting a device.", "Let's figure out what's going on under the hood."],
  education: ["We can break it into small pieces and learn it step by step.", "Let's start with what you already know."],
  creativity: ["That could spark some fun ideas.", "Let's brainstorm a few directions from there."],
  therapy: ["Your feelings matter here, and we can go at your pace.", "Would it help to talk about what's weighing on you most?"],
  fitness: ["We can turn that into a small, doable plan for moving more.", "Let's think about a routine that fits your day."],
};

const QUESTIONS: Record<Expertise, string[]> = {
  general: ["What would help most right now?", "Tell me more?"],
  health: ["How have you been sleeping lately?", "How long has this been going on?"],
  business: ["What outcome are you hoping for?", "What's the biggest obstacle right now?"],
  technology: ["What have you tried so far?", "Which device or app is this about?"],
  education: ["Which part feels the trickiest?", "What are you learning right now?"],
  creativity: ["What mood do you want it to have?", "What inspired this idea?"],
  therapy: ["How are you feeling right now, in this moment?", "What would feel supportive today?"],
  fitness: ["How active have you been this week?", "What kind of exercise do you enjoy?"],
};

/** For browser calls, where the caller can type instead. */
const OFFLINE_SPEECH_BROWSER = [
  "I'm running offline right now, so I heard you speak for about {s} seconds, but I can't make out the words. If you type your message, I can follow along.",
  "I can hear that you said something, about {s} seconds of it, but offline I can't recognise the words. Could you type it in the box instead?",
  "Offline, I only hear the sound of your voice, not the words, so I won't guess what you said. Typing works though, if you'd like to try.",
];

/** For phone calls, where there is no text box. */
const OFFLINE_SPEECH_PHONE = [
  "I'm running offline right now, so I heard you speak for about {s} seconds, but I can't make out the words yet.",
  "I can hear your voice, about {s} seconds of it, but offline I can't recognise words, so I won't guess what you said.",
];

/** Not worth repeating back, besides the function words (worker/ai/words.ts). */
const NOT_KEYWORDS = new Set(["today", "feel", "felt"]);

/** Follow-up questions about what the caller talked about, by mood ({topic} = their words). */
const FOLLOW_UPS: Record<Mood, string[]> = {
  joy: ["What made {topic} so good?", "How did {topic} come about?"],
  sadness: ["What feels hardest about {topic} right now?", "How long has {topic} been weighing on you?"],
  anger: ["What about {topic} frustrates you most?", "What would make {topic} feel fair to you?"],
  fear: ["What worries you most about {topic}?", "What would help you feel safer about {topic}?"],
  surprise: ["What surprised you most about {topic}?", "How did you find out about {topic}?"],
  calm: ["What would you like to know about {topic}?", "Tell me more about {topic}?", "What matters most to you about {topic}?"],
};

const ACKNOWLEDGEMENTS = ["I heard you mention {topic}.", "So this is about {topic}.", "You're talking about {topic}."];

/** Local speech heard a turn but recognised no words. */
const LOCAL_UNRECOGNIZED = [
  "I heard you, but I couldn't make out the words. Could you say that again, a little slower?",
  "Sorry, the words didn't come through clearly. Could you repeat that?",
];

/** Which engine the reply speaks for: offline (no words recognised) or local speech (approximate words). */
export type ReplyEngine = "offline" | "local";

/** Small deterministic hash for choosing variants. */
export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function pick<T>(list: readonly T[], seed: number): T {
  return list[seed % list.length] as T;
}

function moodOf(emotions: EmotionScores): Mood {
  let best: Mood = "calm";
  let score = 0.3; // below this nothing stands out
  for (const mood of ["joy", "sadness", "anger", "fear", "surprise"] as const) {
    const s = emotions[mood] ?? 0;
    if (s > score) {
      best = mood;
      score = s;
    }
  }
  return best;
}

/** Up to two content words from the caller's text, longest first (e.g. "exam", "tomorrow"); never a contraction. */
export function keywords(text: string): string[] {
  const words = contentWords(text, 3, NOT_KEYWORDS);
  return [...new Set(words)].sort((a, b) => b.length - a.length || a.localeCompare(b)).slice(0, 2);
}

export function composeReply(
  persona: Persona,
  turn: CallerTurnInfo | null,
  emotions: EmotionScores,
  callType: CallType = "browser_test",
  engine: ReplyEngine = "offline",
): string {
  if (engine === "local") return composeLocalReply(persona, turn, emotions);
  const phone = callType === "phone";
  const seed = hashString(`${persona.name}|${turn?.index ?? -1}|${turn?.text ?? ""}`);
  const parts: string[] = [];
  if (!turn) {
    parts.push(
      `Hi, I'm ${persona.name}.`,
      phone ? "I'm running offline right now, so I can hear your voice but not make out the words." : "I'm running offline, so I can't make out spoken words, but you can type to me.",
      pick(QUESTIONS[persona.expertise], seed),
    );
    return parts.join(" ");
  }
  parts.push(turn.index === 0 ? `${pick(OPENINGS[persona.personality], seed)} I'm ${persona.name}.` : pick(OPENINGS[persona.personality], seed));
  const moodLine = pick(MOOD_LINES[moodOf(emotions)], seed >>> 3);
  if (moodLine) parts.push(moodLine);
  if (!turn.recognized) {
    parts.push(pick(phone ? OFFLINE_SPEECH_PHONE : OFFLINE_SPEECH_BROWSER, turn.index + (seed % 2)).replace("{s}", (turn.speechMs / 1000).toFixed(1)));
    return parts.join(" ");
  }
  const words = keywords(turn.text);
  if (turn.text.trim().endsWith("?")) parts.push(words.length ? `That's a good question about ${words.join(" and ")}.` : "That's a good question.");
  else if (words.length) parts.push(`You mentioned ${words.join(" and ")}.`);
  parts.push(pick(EXPERTISE_OFFERS[persona.expertise], seed >>> 5));
  if (turn.index === 0) parts.push("I'm running offline, so my answers stay simple.");
  parts.push(pick(QUESTIONS[persona.expertise], seed >>> 7));
  return parts.join(" ");
}

/**
 * A reply to recognised (approximate) words: an opening in character, a response to the caller's mood,
 * what they talked about acknowledged, the Echo's expertise offered, and a follow-up question about it.
 */
function composeLocalReply(persona: Persona, turn: CallerTurnInfo | null, emotions: EmotionScores): string {
  const seed = hashString(`${persona.name}|${turn?.index ?? -1}|${turn?.text ?? ""}`);
  if (!turn) {
    return [`Hi, I'm ${persona.name}.`, "I run on simple local speech recognition, so speak clearly and I'll do my best to follow.", pick(QUESTIONS[persona.expertise], seed)].join(" ");
  }
  const parts: string[] = [turn.index === 0 ? `${pick(OPENINGS[persona.personality], seed)} I'm ${persona.name}.` : pick(OPENINGS[persona.personality], seed)];
  const mood = moodOf(emotions);
  const moodLine = pick(MOOD_LINES[mood], seed >>> 3);
  if (moodLine) parts.push(moodLine);
  const words = turn.recognized ? keywords(turn.text) : [];
  if (words.length === 0) {
    parts.push(pick(LOCAL_UNRECOGNIZED, seed >>> 5));
    return parts.join(" ");
  }
  const topic = words.join(" and ");
  if (turn.text.trim().endsWith("?")) parts.push(`That's a good question about ${topic}.`);
  else parts.push(pick(ACKNOWLEDGEMENTS, seed >>> 5).replace("{topic}", topic));
  parts.push(pick(EXPERTISE_OFFERS[persona.expertise], seed >>> 7));
  parts.push(pick(FOLLOW_UPS[mood], seed >>> 9).replace("{topic}", topic));
  return parts.join(" ");
}
