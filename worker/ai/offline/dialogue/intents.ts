// What the caller is doing in a turn: greeting, introducing themselves, small talk ("how are you"),
// sharing a feeling, sharing news, asking a question, asking for something, thanking, saying goodbye,
// or nothing we can work with (unclear). Rules over the words (spelt out: language.ts) in a fixed
// order: a goodbye wins over thanks ("thanks, bye"), a request over a question ("can you remind
// me…?"), small talk over a greeting ("hi, how are you?"). Also the details the answers need: which
// question, which request, the name the caller gave. Pure.
import { wordsEmotions } from "../../../emotion/words-model";
import { moodOf } from "./lines";
import { wordsOf, type Token } from "./language";

export const INTENTS = ["greeting", "introduction", "small_talk", "feeling", "news", "question", "request", "thanks", "goodbye", "unclear"] as const;
export type Intent = (typeof INTENTS)[number];

export type QuestionKind = "time" | "date" | "identity" | "abilities" | "caller_name" | "advice" | "opinion" | "factual";
export type RequestKind = "reminder" | "callback" | "message" | "alarm" | "media" | "lookup" | "joke" | "help";

export interface Reading {
  intent: Intent;
  question?: QuestionKind;
  request?: RequestKind;
  /** The caller's name, if they gave it in this turn. */
  name?: string;
  /** A greeting from someone who says they called before ("hi again", "it's me"). */
  again?: boolean;
}

const GOODBYE =
  /\b(good ?bye|bye(-bye)?|see (you|ya)( later| soon)?|(talk|speak) (to you )?(later|soon)|catch you later|take care|good ?night|that is all( for now)?|i will let you go|(have|need|got|gotta) (to )?(go|run)( now)?\s*[.!,]*$|(have|need|got|gotta) (to )?(go|run) now|hang up now)\b/;
const THANKS = /\b(thanks|thank you|thank u|thx|cheers|appreciate (it|that|you))\b/;
const SMALL_TALK = /\b(how are you|how is it going|how are things|how have you been|what is up|how is your day|how do you do|how are you doing|you doing okay)\b/;
const GREETING = /^(hi|hello|hey|hiya|howdy|yo|good (morning|afternoon|evening)|greetings)\b/;
const BACKCHANNEL = /^(yes|yeah|yep|no|nope|okay|ok|sure|right|alright|mm+|mhm|uh-huh|i see|got it|fine|cool|great|true)[.!]*$/;
const FILLER = /^(um+|uh+|er+|hmm+|huh|ah+|eh)[.!?]*$/;
const NAME = /\b(?:my name is|my name's|name is|call me|i am called|this is)\s+([a-z][a-z'-]+)/;
const NOT_NAMES = new Set("not so very really just here back fine good okay ok sorry sure glad tired sad happy worried a the it that me".split(" "));
const REQUESTS: Array<[RequestKind, RegExp]> = [
  ["reminder", /\b(remind me|set (a |an )?reminder|reminder (for|to|about)|do not let me forget|make sure i remember)\b/],
  ["callback", /\b(call me( back)?( later| tomorrow| tonight| at| in| on)|ring me|phone me|call me back|give me a call)\b/],
  ["message", /\b(send (a |an )?(text|message|email)|text (my|him|her)|email (my|him|her)|message (my|him|her)|tell my)\b/],
  ["alarm", /\b(set (an |a )?(alarm|timer)|wake me( up)?)\b/],
  ["media", /\b(play (some |a |me )?(music|song|songs|radio|podcast)|turn (on|off|up|down) the)\b/],
  ["lookup", /\b(look (it |that )?up|search (for|the web|online)|google|check the (news|weather)|book (a|an|me)|order (a|an|me|some))\b/],
  ["joke", /\b(tell me a joke|say something funny|make me laugh|know any jokes)\b/],
  ["help", /^(can|could|would|will) you (please )?help\b|\bhelp me (with|to|plan|figure|decide|think)\b|\bi need (some )?help\b/],
];
const ASKING_FOR = /^(please |can you |could you |would you |will you |i need you to |i want you to )/;
const QUESTION_START = /^(what|when|where|who|whom|whose|why|how|which|is|are|am|do|does|did|can|could|will|would|should|shall|may|have|has)\b/;

function questionKind(text: string): QuestionKind {
  if (/\bwhat time\b|\bthe time\b|\btime is it\b/.test(text)) return "time";
  if (/\bwhat (is )?(the |today's )?date\b|\bwhat day\b|\bwhich day\b|\bwhat is today\b|\bwhat month\b|\bwhat year\b/.test(text)) return "date";
  if (/\b(what|who) is my name\b|\bdo you (know|remember) (my name|who i am)\b|\bwho am i\b/.test(text)) return "caller_name";
  if (/\bwhat can you do\b|\bhow can you help\b|\bwhat do you do\b|\bwhat are you (good at|for)\b|\bcan you (do|help)( anything| with)?\b.*\?$|\bwhat do you know about\b/.test(text)) return "abilities";
  if (/\b(who|what) are you\b|\bwhat is your name\b|\bare you (a |an )?(real|human|person|robot|bot|machine|ai|computer)\b|\byour name\b/.test(text)) return "identity";
  if (/\b(should i|what should|how (do|can|should) i|what can i|is it (okay|ok|normal|bad|good) (to|if)|any (tips|advice|ideas)|what would you (do|suggest|recommend))\b/.test(text)) return "advice";
  if (/\b(do you (like|love|think|believe|prefer|enjoy)|what do you think|what is your favou?rite|are you happy)\b/.test(text)) return "opinion";
  return "factual";
}

function isQuestion(text: string, raw: string): boolean {
  return raw.trim().endsWith("?") || QUESTION_START.test(text) || /\b(tell me|do you know|i wonder) (what|when|where|who|why|how|if)\b/.test(text);
}

/** The name in "my name is Sam", "call me Alex", "I'm Sam" (a capitalised or unknown word after "I am"). */
export function nameIn(text: string, tokens: readonly Token[]): string | undefined {
  const lower = text.toLowerCase();
  const said = NAME.exec(lower)?.[1];
  let name = said && !NOT_NAMES.has(said) ? said : undefined;
  if (!name) {
    // "Hi, I'm Sam", "I am Sam." — a proper noun right after "I am", ending the clause.
    for (let i = 0; i + 2 < tokens.length; i++) {
      const [a, b, c, d] = [tokens[i]!, tokens[i + 1]!, tokens[i + 2]!, tokens[i + 3]];
      const ends = !d || d.pos === "PUNCT" || d.lower === "and";
      const capitalised = c.pos === "PROPN" && /^[A-Z]/.test(c.text);
      // Speech-to-text writes no capitals: after a greeting ("hi i'm sam") a lone noun is taken as a name.
      const greeted = GREETING.test(tokens[0]?.lower ?? "") && (c.pos === "NOUN" || c.pos === "PROPN");
      if (a.lower === "i" && b.lower === "am" && ends && (capitalised || greeted)) name = c.lower;
    }
  }
  if (!name || NOT_NAMES.has(name) || moodOf(wordsEmotions(name)) !== "calm") return undefined; // "I am sad" names a feeling, not a person
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function readTurn(text: string, tokens: readonly Token[]): Reading {
  const words = wordsOf(tokens);
  // Leading fillers say nothing of what the caller is doing ("and what's the date?", "okay so how are you").
  const lower = words.join(" ").replace(/^((and|so|okay|ok|well|oh|um|uh|but|then) )+(?=\w+ \w+)/, "");
  const spelt = tokens.map((t) => t.lower).join(" ").replace(/ ([.,!?;:])/g, "$1");
  if (words.length === 0 || FILLER.test(lower)) return { intent: "unclear" };
  if (GOODBYE.test(spelt)) return { intent: "goodbye" };
  for (const [kind, pattern] of REQUESTS) if (pattern.test(lower)) return { intent: "request", request: kind };
  const name = nameIn(text, tokens);
  if (SMALL_TALK.test(lower)) return { intent: "small_talk", ...(name ? { name } : {}) };
  if (THANKS.test(lower) && !isQuestion(lower, text)) return { intent: "thanks" };
  if (GREETING.test(lower) && words.length <= 7) {
    const again = /\b(again|it is me|me again|back)\b/.test(lower);
    return { intent: name ? "introduction" : "greeting", ...(name ? { name } : {}), ...(again ? { again } : {}) };
  }
  if (name) return { intent: "introduction", name };
  if (ASKING_FOR.test(lower) && !/^(can|could|would|will) you (tell|explain)\b/.test(lower) && !isQuestion(lower, text.replace(/\?\s*$/, ""))) return { intent: "request", request: "help" };
  if (isQuestion(lower, text)) return { intent: "question", question: questionKind(lower + (text.trim().endsWith("?") ? "?" : "")) };
  if (BACKCHANNEL.test(lower)) return { intent: "small_talk" };
  const feelingWord = /\b(feel|feeling|felt|miss|missing|lonely|scared|afraid|worried|anxious|nervous|sad|upset|angry|happy|excited|stressed|overwhelmed|tired|exhausted|depressed|frustrated|hurt|cry|crying|grief|grieving|hate|love|proud|thrilled|hopeless|heartbroken|annoyed|furious|terrified|hard|difficult|rough|tough|awful|terrible|scary)\b/.test(lower);
  // A feeling named ("I'm worried", "I miss…"); an event told, even a sad one ("my car broke down"), is news.
  if (feelingWord) return { intent: "feeling" };
  return { intent: words.length >= 2 ? "news" : "unclear" };
}
