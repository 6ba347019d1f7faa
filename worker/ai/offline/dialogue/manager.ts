// The local Echo's dialogue manager: one reply per caller turn, in the Echo's personality and
// expertise. It reads what the caller is doing (intents.ts), the call so far (thread.ts: name, topic,
// what was said), and how they sound (the emotion stage's scores), then builds the reply from three
// slots — an opening that follows the caller's mood, the body (an answer, or the caller's own words
// reflected: reflect.ts), at most one question — each the first candidate not yet said in the call.
// About 25 words at most. A goodbye gets a closing line and `closesCall`. Unrecognised speech (never
// typed text) gets the please-repeat line (local) or the honest offline note (offline). Pure: the
// clock and the tagger are given.
import type { ReplyRequest } from "../../provider";
import { answerQuestion, answerRequest, greetingLines, stillOffline, OFFERS, OFFLINE_SPEECH_BROWSER, OFFLINE_SPEECH_PHONE, PLEASE_REPEAT, type AnswerContext } from "./answers";
import { readTurn, type Intent, type Reading } from "./intents";
import type { Language, Token } from "./language";
import { SAFETY_QUESTIONS, SAFETY_SUPPORT, CLOSINGS, EXPERTISE_QUESTIONS, GENTLE_CLOSINGS, MOOD_OPENINGS, MOOD_QUESTIONS, moodOf, OPENINGS, PEOPLE, PERSON_QUESTIONS, REFLECTIONS, TOPIC_QUESTIONS, type Mood } from "./lines";
import { nounPhrases, reflectAboutEcho, reflectClause, topicPhrase, type NounPhrase } from "./reflect";
import { readThread, sentenceKey, sentencesOf, type Thread } from "./thread";
import { rememberedName, welcomeBack } from "./welcome-back";

export interface DialogueOptions {
  language: Language;
  engine: "offline" | "local";
  now?: () => Date;
  /** The server's time zone; default: what the runtime says (workerd: UTC). */
  serverTimeZone?: string;
}

export interface DialogueReply {
  text: string;
  closesCall: boolean;
  /** What the caller was doing (null: the Echo spoke first). */
  intent: Intent | null;
  /** The caller's own words reflected in the reply, if any ("you miss your dad"). */
  reflection: string | null;
}

const MAX_WORDS = 25;

/** Small deterministic hash for choosing variants. */
export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

class Slots {
  private readonly parts: string[] = [];
  constructor(
    private readonly thread: Thread,
    private readonly seed: number,
  ) {}

  /** The first of `options` (rotated by the seed) none of whose sentences was said in the call; false if none. */
  add(options: readonly string[]): boolean {
    const n = options.length;
    for (let k = 0; k < n; k++) {
      const option = options[(this.seed + k) % n]!;
      if (sentencesOf(option).every((s) => !this.thread.said.has(sentenceKey(s)) && !this.parts.some((p) => sentenceKey(p) === sentenceKey(s)))) {
        this.parts.push(option);
        return true;
      }
    }
    return false;
  }

  get text(): string {
    return this.parts.join(" ");
  }

  get words(): number {
    return wordCount(this.text);
  }

  remove(index: number): void {
    this.parts.splice(index, 1);
  }

  get size(): number {
    return this.parts.length;
  }
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

function openingsFor(mood: Mood, request: ReplyRequest, intent: Intent): string[] {
  if (mood !== "calm" && (intent === "feeling" || intent === "news" || intent === "unclear" || intent === "small_talk")) return MOOD_OPENINGS[mood];
  return OPENINGS[request.persona.personality];
}

/** The follow-up: about the caller's topic if there is one (the thread's, for a follow-up with none), else by mood, else the expertise's. */
function askFollowUp(slots: Slots, mood: Mood, topic: NounPhrase | null, request: ReplyRequest): void {
  const questions = topic && PEOPLE.has(topic.head) ? PERSON_QUESTIONS[mood] : TOPIC_QUESTIONS[mood];
  if (topic && slots.add(questions.map((q) => fill(q, { topic: topic.reflected })))) return;
  if (!slots.add(MOOD_QUESTIONS[mood])) slots.add(EXPERTISE_QUESTIONS[request.persona.expertise]);
}

export function respond(request: ReplyRequest, options: DialogueOptions): DialogueReply {
  const { persona, turn } = request;
  const phone = request.callType === "phone";
  const thread = readThread(request.messages, turn?.text ?? null, options.language, persona.name);
  const seed = hashString(`${persona.name}|${turn?.index ?? -1}|${turn?.text ?? ""}`);
  const slots = new Slots(thread, seed);
  const heard = moodOf(request.callerEmotions);
  const reply = (intent: Intent | null, closesCall = false, reflection: string | null = null): DialogueReply => ({ text: slots.text, closesCall, intent, reflection });

  if (!turn) {
    // A caller the Echo remembers (verified, "Remember callers" on) is welcomed back with what it remembers.
    const back = request.memory ? welcomeBack(request.memory, options.language, (options.now ?? (() => new Date()))().getTime()) : null;
    if (back) {
      slots.add([back]);
      slots.add([stillOffline(options.engine, phone)]);
      return reply(null);
    }
    slots.add(greetingLines(persona, options.engine, phone));
    return reply(null);
  }
  if (!turn.recognized && !turn.typed) {
    if (options.engine === "local") slots.add(PLEASE_REPEAT);
    else slots.add((phone ? OFFLINE_SPEECH_PHONE : OFFLINE_SPEECH_BROWSER).map((l) => l.replace("{s}", (turn.speechMs / 1000).toFixed(1))));
    if (slots.size === 0) slots.add(["Sorry, I still didn't catch that."]);
    return reply("unclear");
  }
  if (request.safety) {
    if (!slots.add(SAFETY_SUPPORT)) slots.add(["I'm still here with you."]);
    slots.add(SAFETY_QUESTIONS[request.safety.category]);
    return reply("feeling");
  }

  const tokens = options.language.tag(turn.text);
  const reading = readTurn(turn.text, tokens);
  const callerName = reading.name ?? thread.callerName ?? (request.memory ? rememberedName(request.memory) : null);
  const own = topicPhrase(tokens);
  const topic = own ?? thread.topic ?? null;
  // A follow-up with no topic of its own ("It's been really hard.") keeps the thread's mood when it sounds calm.
  const mood: Mood = heard === "calm" && !own && thread.topic ? thread.topicMood : heard;
  const context: AnswerContext = {
    persona,
    now: (options.now ?? (() => new Date()))(),
    timeZone: request.timeZone,
    serverTimeZone: options.serverTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC",
    callerName,
    subject: questionSubject(tokens),
    engine: options.engine,
  };
  const named = callerName ? `, ${callerName}` : "";
  const intro = thread.introduced ? "" : ` I'm ${persona.name}.`;

  switch (reading.intent) {
    case "goodbye": {
      const closings = mood === "sadness" || mood === "fear" ? GENTLE_CLOSINGS : CLOSINGS[persona.personality];
      if (!slots.add(closings.map((c) => c.replace("{, name}", named)))) slots.add([`Goodbye${named}.`, "Bye for now."]);
      return reply("goodbye", true);
    }
    case "thanks":
      slots.add([`You're very welcome${named}.`, "Any time.", "Happy to help.", "My pleasure."]);
      slots.add(["Is there anything else on your mind?", "Anything else I can do for you?"]);
      return reply("thanks");
    case "greeting":
    case "introduction":
      return greet(slots, reading, request, named, intro, reply);
    case "small_talk":
      if (/how|what is up|doing/.test(tokens.map((t) => t.lower).join(" "))) {
        slots.add([`I'm doing well, thanks for asking${named}.`, "I'm good, thank you.", "All good on my side, thanks."]);
        slots.add(["How about you?", "And how are you doing?", "How's your day going?"]);
      } else {
        slots.add(["Mm-hm.", "Okay.", "I'm listening.", "Go on."]);
        askFollowUp(slots, mood, topic, request);
      }
      return reply("small_talk");
    case "question":
    case "request": {
      const answers = reading.intent === "question" ? answerQuestion(reading.question ?? "factual", context) : answerRequest(reading.request ?? "help", context);
      if (!slots.add(answers)) slots.add(["As I said, that's beyond what I can do for now."]);
      const cannot = reading.question === "factual" || (reading.intent === "request" && reading.request !== "help" && reading.request !== "joke");
      if (cannot) slots.add(OFFERS);
      if (reading.question === "advice" || reading.request === "help") askFollowUp(slots, mood, topic, request);
      else if (reading.request !== "joke" && (reading.question !== "caller_name" || callerName)) slots.add(["Anything else you'd like to know?", "What else is on your mind?", "Is there anything else?"]);
      return trim(slots, reply(reading.intent), 1);
    }
    case "unclear":
      slots.add(["I'm not sure I follow.", "Hmm, I didn't quite get that.", "Take your time."]);
      slots.add(["Could you say a bit more?", "What's on your mind?", "What would you like to talk about?"]);
      return reply("unclear");
    case "feeling":
    case "news": {
      const clause = reflectClause(tokens);
      const aboutEcho = clause ? null : reflectAboutEcho(tokens);
      let reflection: string | null = null;
      if (aboutEcho) {
        // About the Echo: a complaint owned ("You never listen to me." → "I'm sorry it feels like I never
        // listen to you."), praise taken gladly, anything else said back.
        const complaint = mood === "anger" || mood === "sadness" || /\b(never|not|no|always)\b/.test(turn.text.toLowerCase());
        const said = complaint ? [`I'm sorry it feels like ${aboutEcho}.`, `I hear that ${aboutEcho}, and I'm sorry.`] : mood === "joy" ? [`I'm so glad ${aboutEcho}!`] : [`So ${aboutEcho}.`];
        if (slots.add(said)) reflection = aboutEcho;
        slots.add(complaint ? ["What could I do better?", "How can I help right now?"] : ["What else is on your mind?", "Is there more you'd like to talk about?"]);
        return trim(slots, reply(reading.intent, false, reflection), 0);
      }
      slots.add(openingsFor(mood, request, reading.intent));
      if (clause) {
        if (slots.add(REFLECTIONS[mood].map((r) => fill(r, { clause, Clause: capitalise(clause) })))) reflection = clause;
      } else if (own && slots.add([`You mentioned ${own.reflected}.`, `So this is about ${own.reflected}.`])) reflection = own.reflected;
      askFollowUp(slots, mood, topic, request);
      return trim(slots, reply(reading.intent, false, reflection), 0);
    }
  }
}

function greet(slots: Slots, reading: Reading, request: ReplyRequest, named: string, intro: string, reply: (i: Intent) => DialogueReply): DialogueReply {
  if (reading.intent === "introduction") slots.add([`Nice to meet you${named}!${intro}`, `Lovely to meet you${named}.`, `Good to know you${named}.`]);
  else if (reading.again && request.memory?.length) slots.add([`Welcome back${named}! Good to hear from you again.`, `Hello again${named}!`]);
  else if (reading.again) slots.add([`Hello again${named}!${intro} I don't remember earlier calls yet, but I'm glad you're back.`, `Welcome back${named}!`]);
  else slots.add([`Hi${named}!${intro}`, `Hello${named}!${intro}`, `Hey there${named}.`]);
  if (!slots.add(EXPERTISE_QUESTIONS[request.persona.expertise])) slots.add(["What's on your mind?", "How can I help today?"]);
  return reply(reading.intent);
}

/** The question's own subject, turned round ("the capital of Australia", "your exams"), if it names one. */
function questionSubject(tokens: readonly Token[]): string | null {
  const phrase = nounPhrases(tokens).find((p) => !["time", "date", "day", "name", "today"].includes(p.head));
  return phrase?.reflected ?? null;
}

/** Spoken replies stay short: past MAX_WORDS the part at `drop` goes (the opening, or an answer's offer). */
function trim(slots: Slots, reply: DialogueReply, drop: number): DialogueReply {
  if (slots.words > MAX_WORDS && slots.size > 2) slots.remove(drop);
  return { ...reply, text: slots.text };
}
