// The call so far, rebuilt from the reply request's history on every turn (nothing hidden, so a Durable
// Object restart loses nothing): the caller's earlier lines, the name they gave, the topic thread (the
// last thing they talked about, reflected: "your dad", and how that line sounded), and every sentence and question the Echo has
// said, so no sentence is said twice and no question asked twice. Pure.
import { wordsEmotions } from "../../../emotion/words-model";
import type { ChatMessage } from "../../provider";
import { nameIn } from "./intents";
import type { Language } from "./language";
import { moodOf, type Mood } from "./lines";
import { topicPhrase, type NounPhrase } from "./reflect";

export interface Thread {
  /** The caller's lines before this turn, oldest first. */
  earlier: string[];
  callerName: string | null;
  /** The latest topic the caller brought up before this turn, and how its line sounded (words model). */
  topic: NounPhrase | null;
  topicMood: Mood;
  /** Every sentence the Echo said in this call (normalised: see sentenceKey). */
  said: Set<string>;
  /** How many replies the Echo has given. */
  replies: number;
  /** The Echo has told its name already. */
  introduced: boolean;
}

/** A sentence's identity for "said before": lowercase letters, digits and spaces only. */
export function sentenceKey(sentence: string): string {
  return sentence.toLowerCase().replace(/[^a-z0-9 ]+/g, "").replace(/\s+/g, " ").trim();
}

export function sentencesOf(text: string): string[] {
  return text.match(/[^.!?…]+[.!?…]*/g)?.map((s) => s.trim()).filter(Boolean) ?? [];
}

/** The history's lines of one role, the system prompt and the greeting cue left out. */
function lines(messages: readonly ChatMessage[], role: "user" | "assistant"): string[] {
  return messages.filter((m) => m.role === role && !(role === "user" && m.content.startsWith("(The call has just connected"))).map((m) => m.content);
}

/** `current`: the caller's line being answered (the history's last user line, left out of `earlier`). */
export function readThread(messages: readonly ChatMessage[], current: string | null, language: Language, echoName: string): Thread {
  const callerLines = lines(messages, "user").filter((l) => !/^\[speech/.test(l));
  if (current !== null && callerLines.at(-1) === current) callerLines.pop();
  const replies = lines(messages, "assistant");
  let callerName: string | null = null;
  let topic: NounPhrase | null = null;
  let topicMood: Mood = "calm";
  for (const line of callerLines) {
    const tokens = language.tag(line);
    callerName = nameIn(line, tokens) ?? callerName;
    const own = topicPhrase(tokens);
    if (own) {
      topic = own;
      topicMood = moodOf(wordsEmotions(line));
    }
  }
  const said = new Set<string>();
  for (const reply of replies) for (const sentence of sentencesOf(reply)) said.add(sentenceKey(sentence));
  const introduced = replies.some((r) => r.includes(`I'm ${echoName}`));
  return { earlier: callerLines, callerName, topic, topicMood, said, replies: replies.length, introduced };
}
