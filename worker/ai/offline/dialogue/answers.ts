// What the local Echo can answer itself, said plainly: the time and date (in the owner's time zone when
// the request has one, else the server's, and it says which), what it is and can do, its name and
// expertise, the caller's name (if they gave it in this call). Everything else it says honestly it
// can't look up running locally (or offline), or can't do yet (reminders, callbacks, messages), and
// offers what it can. Each answer is a list of ways to say it: the manager takes the first not yet said.
import type { Persona } from "../../provider";
import type { QuestionKind, RequestKind } from "./intents";
import { EXPERTISE_PHRASE, EXPERTISE_QUESTIONS } from "./lines";

export interface AnswerContext {
  persona: Persona;
  now: Date;
  /** The owner's time zone (IANA), when known. */
  timeZone: string | undefined;
  /** The server's time zone (workerd: UTC). */
  serverTimeZone: string;
  callerName: string | null;
  /** The question's subject, reflected ("the capital of Australia"), if it has one. */
  subject: string | null;
  engine: "offline" | "local";
}

function clock(context: AnswerContext): { zone: string; where: string } {
  if (context.timeZone) return { zone: context.timeZone, where: `in ${context.timeZone.replace(/_/g, " ")}` };
  return { zone: context.serverTimeZone, where: `on the server's clock, ${context.serverTimeZone}` };
}

/** How the Echo names its situation: "locally" (local speech) or "offline" (no speech recognition, e.g. production's fallback). */
export function placeOf(c: Pick<AnswerContext, "engine">): string {
  return c.engine === "local" ? "locally" : "offline";
}

/** "3:05 pm". */
export function spokenTime(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true, timeZone }).format(now).replace(/\s?AM$/, " am").replace(/\s?PM$/, " pm");
}

/** "Tuesday, December 1, 2026". */
export function spokenDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone }).format(now);
}

export function answerQuestion(kind: QuestionKind, c: AnswerContext): string[] {
  const { persona } = c;
  const { zone, where: clockWhere } = clock(c);
  const where = placeOf(c);
  switch (kind) {
    case "time":
      return [`It's ${spokenTime(c.now, zone)} ${clockWhere}.`, `Right now it's ${spokenTime(c.now, zone)}, ${clockWhere}.`];
    case "date":
      return [`Today is ${spokenDate(c.now, zone)}, ${clockWhere}.`, `It's ${spokenDate(c.now, zone)}, ${clockWhere}.`];
    case "identity":
      return [
        `I'm ${persona.name}, an AI voice assistant${persona.description ? `: ${persona.description.replace(/[.!]+$/, "")}` : ""}.`,
        `I'm ${persona.name}, an AI assistant running ${where}, on simple rules instead of a language model.`,
      ];
    case "abilities":
      return [
        `I'm good for ${EXPERTISE_PHRASE[persona.expertise]}. Running ${where}, I can listen, reflect things back, and tell you the time and date.`,
        `I can listen and talk things through, and tell you the time or date. I can't look things up ${where}.`,
      ];
    case "caller_name":
      return c.callerName ? [`You told me your name is ${c.callerName}.`, `You're ${c.callerName}, if I heard you right.`] : ["You haven't told me your name yet. What should I call you?"];
    case "advice":
      return [
        `I can't promise the right answer, but we can think${c.subject ? ` about ${c.subject}` : " it through"} together.`,
        `Let's work through${c.subject ? ` ${c.subject}` : " it"} together, one step at a time.`,
      ];
    case "opinion":
      return ["I'm a simple rule-based assistant, so I don't have real opinions.", `Honestly, I don't have opinions of my own running ${where}.`];
    case "factual":
      return c.subject
        ? [`Running ${where}, I can't look things up, so I can't tell you about ${c.subject}.`, `I can't look up ${c.subject} while I'm running ${where}, sorry.`]
        : [`Running ${where}, I can't look things up, so I can't tell you that.`, `I'm sorry, I can't look that up while I'm running ${where}.`];
  }
}

/** What the Echo offers after saying it can't do something. */
export const OFFERS = ["I can tell you the time, or just listen.", "I'm happy to just listen, though.", "But I can still talk it through with you."];

export function answerRequest(kind: RequestKind, c: AnswerContext): string[] {
  const where = placeOf(c);
  switch (kind) {
    case "reminder":
      return [`I can't set reminders yet when I'm running ${where}.`, `I can't do reminders ${where} yet, sorry.`];
    case "callback":
      return [`I can't call you back yet when I'm running ${where}.`, `I'm sorry, I can't do callbacks ${where} yet.`];
    case "message":
      return [`I can't send messages for you yet, running ${where}.`, `I'm sorry, I can't send messages ${where} yet.`];
    case "alarm":
      return [`I can't set alarms or timers ${where} yet.`, "Sorry, I can't do alarms or timers yet."];
    case "media":
      return [`I can't play anything for you, running ${where}.`, "Sorry, I can't play music."];
    case "lookup":
      return [`Running ${where}, I can't look things up or book anything.`, `I can't search or book things while I'm running ${where}.`];
    case "joke":
      return ["Why did the phone wear glasses? It lost its contacts.", "I'd tell you a joke about time travel, but you didn't like it.", "Why don't scientists trust atoms? They make up everything."];
    case "help":
      return [`Of course, I'll help${c.subject ? ` with ${c.subject}` : ""} as best I can.`, `I'd be glad to help${c.subject ? ` with ${c.subject}` : ""}.`];
  }
}

/** Words a greeting has at most: one short sentence, a few seconds of speech (the first thing a caller hears). */
export const GREETING_MAX_WORDS = 12;

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The Echo speaks first (no caller turn): one short sentence, with its name and, in character, its
 * expertise's question. Offline, which hears no words, it says so instead (a browser caller can type).
 */
export function greetingLines(persona: Persona, engine: "offline" | "local", phone: boolean): string[] {
  if (engine === "local") return EXPERTISE_QUESTIONS[persona.expertise].map((q) => `Hi, I'm ${persona.name}: ${lowerFirst(q)}`);
  return [phone ? `Hi, I'm ${persona.name}; I'm offline, so I can't make out words yet.` : `Hi, I'm ${persona.name}; I'm offline, so please type to me.`];
}

/** After a welcome back: the engine's limits, in one line ("" for local speech, which hears words). */
export function stillOffline(engine: "offline" | "local", phone: boolean): string {
  if (engine === "local") return "Speak clearly and I'll do my best to follow.";
  return phone ? "I'm still offline, so I hear your voice but not the words." : "I'm still offline, so type to me.";
}

/** Local speech heard a turn but recognised no words. */
export const PLEASE_REPEAT = [
  "I heard you, but I couldn't make out the words. Could you say that again, a little slower?",
  "Sorry, the words didn't come through clearly. Could you repeat that?",
  "I'm still not catching the words. Could you try a shorter sentence?",
];

/** Offline (no speech recognition) heard speech: for browser calls, where the caller can type instead. */
export const OFFLINE_SPEECH_BROWSER = [
  "I'm running offline right now, so I heard you speak for about {s} seconds, but I can't make out the words. If you type your message, I can follow along.",
  "I can hear that you said something, about {s} seconds of it, but offline I can't recognise the words. Could you type it in the box instead?",
  "Offline, I only hear the sound of your voice, not the words, so I won't guess what you said. If you type it instead, I can follow.",
];

/** For phone calls, where there is no text box. */
export const OFFLINE_SPEECH_PHONE = [
  "I'm running offline right now, so I heard you speak for about {s} seconds, but I can't make out the words yet.",
  "I can hear your voice, about {s} seconds of it, but offline I can't recognise words, so I won't guess what you said.",
  "I'm sorry, offline I still can't make out words, only that you spoke for about {s} seconds.",
];
