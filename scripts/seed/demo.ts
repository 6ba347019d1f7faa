// Demo data for local development, screenshots, browser tests and benchmarks: a user's Echoes and
// realistic past calls with transcripts, emotions and latency. Pure and deterministic for a seed.
import { EMOTIONS, type EmotionScores, type TurnLatency } from "../../protocol/call-messages";
import type { Echo } from "../../protocol/echo";
import type { RecapMethod } from "../../protocol/summary";
import { extractiveRecap } from "../../worker/summary/extractive";
import { callerEmotionMix, moodArc } from "../../worker/summary/mood";
import { rng } from "./prng";
import { SCENARIOS } from "./scenarios";

export type DemoEcho = Omit<Echo, "userId">;

export interface DemoCall {
  id: string;
  echoId: string | null;
  callType: "phone" | "browser_test";
  status: string;
  startTime: number;
  endTime: number;
  duration: number;
  fromNumber: string | null;
  endReason: string;
  /** Epoch ms at offset 0 of the call's recording (recordings.ts), null: not recorded. */
  recordingStartedAt?: number | null;
}

export interface DemoEntry {
  id: string;
  callId: string;
  seq: number;
  speaker: "caller" | "assistant";
  text: string;
  timestamp: number;
  emotions: EmotionScores;
  interrupted: boolean;
  latency: TurnLatency | null;
  audioOffsetMs?: number | null;
}

/** A ready summary: the scenario's for completed calls, extractive (as the offline engine makes) otherwise. */
export interface DemoSummary {
  callId: string;
  method: RecapMethod;
  text: string;
  moodArc: string | null;
  followUps: string[];
  topics: string[];
  callerEmotions: EmotionScores | null;
  updatedAt: number;
}

export interface DemoData {
  echoes: DemoEcho[];
  calls: DemoCall[];
  entries: DemoEntry[];
  summaries: DemoSummary[];
}

const ECHO_TEMPLATES: Omit<DemoEcho, "id" | "createdAt" | "updatedAt" | "totalCalls" | "starter">[] = [
  {
    name: "Sage",
    description: "A gentle listener for stressful days and sleepless nights.",
    personality: "empathetic",
    expertise: "therapy",
    instructions: "Listen first. Reflect feelings back in plain words. Suggest one small, concrete step at a time.",
    voiceStyle: "gentle",
    isActive: true,
    recordCalls: true,
    rememberCallers: true,
  },
  {
    name: "Coach Kai",
    description: "Running plans, workouts and a push when you need it.",
    personality: "enthusiastic",
    expertise: "fitness",
    instructions: "Be upbeat and specific. Give numbers: sets, minutes, kilometres.",
    voiceStyle: "energetic",
    isActive: true,
    recordCalls: true,
    rememberCallers: true,
  },
  {
    name: "Ada",
    description: "Calm, precise help with computers, phones and the internet.",
    personality: "professional",
    expertise: "technology",
    instructions: "Ask one diagnostic question, then give numbered steps.",
    voiceStyle: "authoritative",
    isActive: true,
    recordCalls: true,
    rememberCallers: true,
  },
  {
    name: "Luna",
    description: "A friendly everyday companion for ideas, plans and chats.",
    personality: "friendly",
    expertise: "general",
    instructions: "Warm and curious. Keep answers short and conversational.",
    voiceStyle: "warm",
    isActive: true,
    recordCalls: true,
    rememberCallers: true,
  },
  {
    name: "Professor Pip",
    description: "Language lessons with a joke or two (resting for now).",
    personality: "witty",
    expertise: "education",
    instructions: "Teach with tiny examples and playful encouragement.",
    voiceStyle: "default",
    isActive: false,
    recordCalls: true,
    rememberCallers: true,
  },
];

/** Scores for a turn: the dominant emotion at about `strength`, the rest shared out; sums to 1. */
function scores([dominant, strength]: [string, number], random: () => number): EmotionScores {
  const top = Math.min(0.95, Math.max(0.2, strength + (random() - 0.5) * 0.12));
  const others = EMOTIONS.filter((e) => e !== dominant);
  const weights = others.map(() => random() ** 2 + 0.02);
  const total = weights.reduce((a, b) => a + b, 0);
  const out: EmotionScores = { [dominant]: round4(top) };
  others.forEach((e, i) => (out[e] = round4(((1 - top) * weights[i]!) / total)));
  return out;
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

function phoneNumber(random: () => number): string {
  return `+1555010${String(Math.floor(random() * 10_000)).padStart(4, "0")}`;
}

export interface DemoOptions {
  calls: number;
  /** Newest call starts about this long before `now`. */
  now: number;
  /** Calls spread over this many days before now. */
  days?: number;
  seed?: number;
  /** Prefix of generated ids (keeps runs for different users apart). */
  idPrefix: string;
}

export function buildDemoData(opts: DemoOptions): DemoData {
  const random = rng(opts.seed ?? 42);
  const days = opts.days ?? 30;
  const created = opts.now - (days + 5) * 86_400_000;
  const echoes: DemoEcho[] = ECHO_TEMPLATES.map((t, i) => ({
    ...t,
    id: `${opts.idPrefix}-echo-${i + 1}`,
    totalCalls: 0,
    starter: false,
    createdAt: created + i * 3_600_000,
    updatedAt: created + i * 3_600_000,
  }));
  const active = echoes.filter((e) => e.isActive);
  const calls: DemoCall[] = [];
  const entries: DemoEntry[] = [];
  const summaries: DemoSummary[] = [];
  const spacing = (days * 86_400_000) / Math.max(1, opts.calls);

  for (let i = 0; i < opts.calls; i++) {
    const callId = `${opts.idPrefix}-call-${String(i + 1).padStart(5, "0")}`;
    const startTime = Math.round(opts.now - 600_000 - i * spacing - random() * spacing * 0.8);
    const scenario = SCENARIOS[Math.floor(random() * SCENARIOS.length)]!;
    const echo = active.find((e) => e.expertise === scenario.expertise) ?? active[Math.floor(random() * active.length)]!;
    const phone = random() < 0.7;
    const roll = random();
    const status = roll < 0.9 ? "completed" : roll < 0.96 ? "abandoned" : "failed";
    // Abandoned calls end early; the rest run their whole script.
    const turns = status === "completed" ? scenario.turns : scenario.turns.slice(0, 1 + Math.floor(random() * 3));
    let t = startTime + 1500 + random() * 1500;
    const firstEntry = entries.length;
    turns.forEach((turn, seq) => {
      const interrupted = turn.speaker === "assistant" && random() < 0.08;
      const text = interrupted ? `${turn.text.split(" ").slice(0, 6).join(" ")}…` : turn.text;
      const endOfTurnMs = Math.round(500 + random() * 250);
      const transcribeMs = Math.round(140 + random() * 260);
      const firstTokenMs = transcribeMs + Math.round(180 + random() * 500);
      entries.push({
        id: `${callId}-e${seq}`,
        callId,
        seq,
        speaker: turn.speaker,
        text,
        timestamp: Math.round(t),
        emotions: turn.feel ? scores(turn.feel, random) : {},
        interrupted,
        latency: turn.speaker === "assistant" ? { transcribeMs, firstTokenMs, firstAudioMs: firstTokenMs + Math.round(200 + random() * 450), endOfTurnMs } : null,
        audioOffsetMs: null,
      });
      t += text.length * 65 + 900 + random() * 1800;
    });
    const duration = Math.max(1, Math.round((t - startTime) / 1000));
    calls.push({
      id: callId,
      echoId: echo.id,
      callType: phone ? "phone" : "browser_test",
      status,
      startTime,
      endTime: startTime + duration * 1000,
      duration,
      fromNumber: phone ? phoneNumber(random) : null,
      endReason: status === "completed" ? (phone ? "caller_hung_up" : "user_ended") : status === "abandoned" ? "caller_hung_up" : "error",
      recordingStartedAt: null,
    });
    echo.totalCalls += 1;
    const transcript = entries.slice(firstEntry);
    const made = status === "completed" ? { method: "model" as const, ...scenario.recap } : { method: "extractive" as const, ...extractiveRecap(transcript) };
    summaries.push({ callId, ...made, moodArc: moodArc(transcript), callerEmotions: callerEmotionMix(transcript), updatedAt: startTime + duration * 1000 + 4000 });
  }
  // Each Echo was last edited before its most recent call... or recently, for a lively grid.
  echoes.forEach((e, i) => (e.updatedAt = opts.now - (i + 1) * 7_200_000));
  return { echoes, calls, entries, summaries };
}
