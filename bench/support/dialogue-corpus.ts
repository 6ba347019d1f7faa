// The dialogue corpus (test/fixtures/dialogue: caller lines with their intent and the phrase the reply
// should reflect, and multi-turn threads) run through a reply function: intent accuracy, the share of
// replies that take up the caller's phrase as expected, repeated sentences and questions per call.
// Used by the unit tests (test/unit/ai/offline/dialogue/) and `npm run bench -- dialogue`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { wordsEmotions } from "../../worker/emotion/words-model";
import type { ChatMessage, Persona, ReplyRequest } from "../../worker/ai/provider";
import type { Intent } from "../../worker/ai/offline/dialogue/intents";
import type { Language } from "../../worker/ai/offline/dialogue/language";
import { topicPhrase } from "../../worker/ai/offline/dialogue/reflect";
import { sentenceKey, sentencesOf } from "../../worker/ai/offline/dialogue/thread";

const DIR = join(import.meta.dirname, "../../test/fixtures/dialogue");

export interface CorpusLine {
  intent: Intent;
  line: string;
  /** A fragment the reply must contain (the caller's phrase reflected), or "". */
  expect: string;
}

export interface ThreadTurn {
  caller: string;
  intent?: Intent;
  contains?: string[];
  closes?: boolean;
}

export interface CorpusThread {
  name: string;
  emotions: "words" | "none";
  turns: ThreadTurn[];
}

/** `file`: lines.tsv (the corpus the rules were written with) or holdout.tsv (written after, never tuned on). */
export function corpusLines(file: "lines.tsv" | "holdout.tsv" = "lines.tsv"): CorpusLine[] {
  return readFileSync(join(DIR, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => {
      const [intent = "", line = "", expect = ""] = l.split("\t");
      return { intent: intent as Intent, line, expect: expect.trim() };
    });
}

/** test/fixtures/dialogue/topics.tsv: a caller line and a fragment of the topic a follow-up should take up. */
export function corpusTopics(): Array<{ line: string; topic: string }> {
  return readFileSync(join(DIR, "topics.tsv"), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => {
      const [line = "", topic = ""] = l.split("\t");
      return { line, topic: topic.trim() };
    });
}

/** The share of topics.tsv lines whose reflected topic (the tagger's noun phrases) contains the expected one, and the misses. */
export function topicAccuracy(language: Language, form: LineForm = "typed"): { share: number; missed: Array<{ line: string; expected: string; got: string | null }> } {
  const topics = corpusTopics();
  const missed: Array<{ line: string; expected: string; got: string | null }> = [];
  for (const { line, topic } of topics) {
    const got = topicPhrase(language.tag(form === "spoken" ? asSpoken(line) : line))?.reflected ?? null;
    if (!got?.toLowerCase().includes(topic.toLowerCase())) missed.push({ line, expected: topic, got });
  }
  return { share: (topics.length - missed.length) / topics.length, missed };
}

export function corpusThreads(): CorpusThread[] {
  return JSON.parse(readFileSync(join(DIR, "threads.json"), "utf8")) as CorpusThread[];
}

export const CORPUS_PERSONA: Persona = { name: "Echo", description: "", personality: "empathetic", expertise: "general", instructions: "", voiceStyle: "default" };
/** Tuesday, December 1, 2026, 3:05 pm UTC. */
export const CORPUS_NOW = new Date("2026-12-01T15:05:00Z");

export interface Answered {
  text: string;
  intent: Intent | null;
  closesCall: boolean;
}

export type Answer = (request: ReplyRequest) => Answered;

/** How the line reaches the Echo: typed as written, or as speech-to-text gives it (lowercase, no punctuation). */
export type LineForm = "typed" | "spoken";

export function asSpoken(text: string): string {
  return text.toLowerCase().replace(/[.,!?;:…]+/g, " ").replace(/\s+/g, " ").trim();
}

/** The reply request for `text` after `history` (a browser turn, typed or recognised, as the pipeline builds it). */
export function requestFor(text: string, history: ChatMessage[], index: number, emotions: "words" | "none" = "words", form: LineForm = "typed"): ReplyRequest {
  const said = form === "spoken" ? asSpoken(text) : text;
  return {
    persona: CORPUS_PERSONA,
    messages: [{ role: "system", content: "(system prompt)" }, ...history, { role: "user", content: said }],
    callerEmotions: emotions === "words" ? wordsEmotions(said) : {},
    turn: { text: said, recognized: true, typed: form === "typed", speechMs: form === "typed" ? 0 : 2000, index },
    callType: "browser_test",
  };
}

export interface CorpusFigures {
  lines: number;
  intentAccuracy: number;
  /** Of the lines with an expected fragment: the share whose reply contains it. */
  reflectionShare: number;
  misread: Array<{ line: string; expected: Intent; got: Intent | null }>;
  missed: Array<{ line: string; expect: string; reply: string }>;
  /** Threads: sentences said again, questions asked again (per call, on average), longest reply in words. */
  repeatsPerCall: number;
  repeatedQuestionsPerCall: number;
  maxWords: number;
  threadFailures: string[];
}

export function runCorpus(answer: Answer, form: LineForm = "typed", file: "lines.tsv" | "holdout.tsv" = "lines.tsv"): CorpusFigures {
  const lines = corpusLines(file);
  let right = 0;
  let withFragment = 0;
  let reflected = 0;
  let maxWords = 0;
  const misread: CorpusFigures["misread"] = [];
  const missed: CorpusFigures["missed"] = [];
  lines.forEach((l, i) => {
    const reply = answer(requestFor(l.line, [], i % 2, "words", form));
    maxWords = Math.max(maxWords, reply.text.split(/\s+/).length);
    if (reply.intent === l.intent) right++;
    else misread.push({ line: l.line, expected: l.intent, got: reply.intent });
    if (l.expect) {
      withFragment++;
      if (reply.text.toLowerCase().includes(l.expect.toLowerCase())) reflected++;
      else missed.push({ line: l.line, expect: l.expect, reply: reply.text });
    }
  });
  let repeats = 0;
  let repeatedQuestions = 0;
  const threadFailures: string[] = [];
  const threads = corpusThreads();
  for (const thread of threads) {
    const history: ChatMessage[] = [];
    const said = new Set<string>();
    thread.turns.forEach((turn, index) => {
      const reply = answer(requestFor(turn.caller, history, index, thread.emotions, form));
      maxWords = Math.max(maxWords, reply.text.split(/\s+/).length);
      for (const sentence of sentencesOf(reply.text)) {
        const key = sentenceKey(sentence);
        if (said.has(key)) {
          repeats++;
          if (sentence.endsWith("?")) repeatedQuestions++;
        }
        said.add(key);
      }
      const where = `${thread.name}, turn ${index + 1} ("${turn.caller}" → "${reply.text}")`;
      if (turn.intent && reply.intent !== turn.intent) threadFailures.push(`${where}: intent ${reply.intent}, expected ${turn.intent}`);
      for (const fragment of turn.contains ?? []) if (!reply.text.toLowerCase().includes(fragment.toLowerCase())) threadFailures.push(`${where}: lacks "${fragment}"`);
      if (Boolean(turn.closes) !== reply.closesCall) threadFailures.push(`${where}: closesCall ${reply.closesCall}`);
      history.push({ role: "user", content: form === "spoken" ? asSpoken(turn.caller) : turn.caller }, { role: "assistant", content: reply.text });
    });
  }
  return {
    lines: lines.length,
    intentAccuracy: right / lines.length,
    reflectionShare: withFragment ? reflected / withFragment : 0,
    misread,
    missed,
    repeatsPerCall: repeats / threads.length,
    repeatedQuestionsPerCall: repeatedQuestions / threads.length,
    maxWords,
    threadFailures,
  };
}
