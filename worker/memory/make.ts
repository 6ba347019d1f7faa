// A call's memory, made after it ends beside its summary (the CallSession runs it once the final D1
// write is done): only for a call whose caller is verified (shared42: a browser test call, an attested
// phone call, a PIN, a callback we placed), of an Echo with "Remember callers" on, and always into that
// (user, Echo) alone. With a language model: ONE structured request (response_format json_schema); an
// answer that is not the JSON asked for is asked again once, then the extractive pass runs instead.
// Without one (offline, local): the extractive pass over the caller's own lines. A failure here never
// touches the call or its summary.
import { and, asc, eq, ne } from "drizzle-orm";
import type { TranscriptEntry } from "../../protocol/call-messages";
import type { AiProvider } from "../ai/provider";
import type { Db } from "../db/client";
import { CALL_IN_PROGRESS } from "../db/call-writes";
import { toTranscriptEntry } from "../db/calls";
import { calls, echoes, transcriptEntries } from "../db/schema";
import { logError } from "../lib/safe-error";
import { abortableStream } from "../pipeline/core/abortable";
import { moodArc } from "../summary/mood";
import { hasLanguageModel } from "../summary/summarize";
import { extractFacts, type FoundFact } from "./extractive";
import { MEMORY_SCHEMA, memoryMessages, parseMemoryAnswer } from "./model-prompt";
import { type MemoryScope, pruneMemory, rememberItem } from "./store";

/** Time one model request for a call's memory may take. */
export const MEMORY_DEADLINE_MS = 20_000;
/** Model requests at most: the first, and one more when its answer was not the JSON asked for or it failed transiently. */
export const MEMORY_ATTEMPTS = 2;
const MEMORY_MAX_TOKENS = 700;

export type MemoryOutcome =
  | { made: false; reason: "no-call" | "not-verified" | "switched-off" | "no-owner" }
  | { made: true; method: "model" | "extractive"; stored: number };

interface MemorySource {
  scope: MemoryScope | null;
  verified: boolean;
  remember: boolean;
  transcript: TranscriptEntry[];
  endTime: number;
}

async function readSource(database: Db, callId: string): Promise<MemorySource | null> {
  // Two queries, not a batch: a batch's rows come keyed by column name, and calls.user_id and
  // echoes.user_id would be one.
  const [head, entries] = await Promise.all([
    database
      .select({ userId: calls.userId, echoId: calls.echoId, verified: calls.callerVerified, endTime: calls.endTime, startTime: calls.startTime, remember: echoes.rememberCallers, echoOwner: echoes.userId })
      .from(calls)
      .leftJoin(echoes, eq(echoes.id, calls.echoId))
      .where(and(eq(calls.id, callId), ne(calls.status, CALL_IN_PROGRESS))),
    database.select().from(transcriptEntries).where(eq(transcriptEntries.callId, callId)).orderBy(asc(transcriptEntries.seq)),
  ]);
  const row = head[0];
  if (!row) return null;
  // The Echo must be the call owner's own: memory never lands in someone else's scope.
  const scope = row.userId && row.echoId && row.echoOwner === row.userId ? { userId: row.userId, echoId: row.echoId } : null;
  return { scope, verified: row.verified, remember: row.remember ?? false, transcript: entries.map(toTranscriptEntry), endTime: row.endTime ?? row.startTime };
}

class NotTheJsonAsked extends Error {}

async function askModel(provider: AiProvider, transcript: readonly TranscriptEntry[], saidAt: number, deadlineMs: number): Promise<FoundFact[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  let answer = "";
  try {
    const persona = { name: "Echo", description: "", personality: "professional", expertise: "general", instructions: "", voiceStyle: "default" } as const;
    const messages = memoryMessages(transcript, new Date(saidAt).toISOString().slice(0, 10));
    const stream = provider.reply({ persona, messages, callerEmotions: {}, turn: null, maxTokens: MEMORY_MAX_TOKENS, responseFormat: MEMORY_SCHEMA }, controller.signal);
    for await (const delta of abortableStream(stream, controller.signal)) answer += delta;
  } finally {
    clearTimeout(timer);
  }
  const facts = parseMemoryAnswer(answer, saidAt);
  if (!facts) throw new NotTheJsonAsked("The language model's answer was not the memory JSON asked for.");
  return facts;
}

/** The facts of the call: by the model (retried once), else by the extractive pass. */
async function findFacts(provider: AiProvider, source: MemorySource, deadlineMs: number): Promise<{ method: "model" | "extractive"; facts: FoundFact[] }> {
  const callerLines = source.transcript.filter((e) => e.speaker === "caller").map((e) => ({ text: e.text, at: e.timestamp }));
  if (hasLanguageModel(provider) && callerLines.some((l) => !/^\[.*\]$/.test(l.text.trim()))) {
    for (let attempt = 1; attempt <= MEMORY_ATTEMPTS; attempt++) {
      try {
        return { method: "model", facts: await askModel(provider, source.transcript, source.endTime, deadlineMs) };
      } catch (err) {
        logError(`call memory: model attempt ${attempt}/${MEMORY_ATTEMPTS} failed`, err);
      }
    }
  }
  return { method: "extractive", facts: extractFacts(callerLines) };
}

/** Makes and stores the memory of an ended call. Throws only for D1 failures (the caller logs them). */
export async function rememberCall(database: Db, provider: AiProvider, callId: string, opts: { deadlineMs?: number; now?: () => number } = {}): Promise<MemoryOutcome> {
  const source = await readSource(database, callId);
  if (!source) return { made: false, reason: "no-call" };
  if (!source.scope) return { made: false, reason: "no-owner" };
  if (!source.verified) return { made: false, reason: "not-verified" };
  if (!source.remember) return { made: false, reason: "switched-off" };
  const { method, facts } = await findFacts(provider, source, opts.deadlineMs ?? MEMORY_DEADLINE_MS);
  const arc = moodArc(source.transcript);
  if (arc && !facts.some((f) => f.kind === "mood")) facts.push({ kind: "mood", subject: "last call", text: `In our last call I sounded ${arc.replace(" → ", ", then ")}.`, saidAt: source.endTime, expiresAt: null });
  const now = (opts.now ?? Date.now)();
  let stored = 0;
  for (const fact of facts) {
    if (!fact.text.trim()) continue;
    await rememberItem(database, source.scope, { ...fact, sourceCallId: callId }, now);
    stored++;
  }
  if (stored > 0) await pruneMemory(database, source.scope);
  return { made: true, method, stored };
}
