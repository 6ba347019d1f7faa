// The local engine hears the same requests a model would make by tool calling, in plain words; ordinary
// talk that only sounds like them is left alone. Then the offline provider end to end: with the actions
// on offer it answers such a turn with the action request, without them as it always did.
import { describe, expect, it } from "vitest";
import { ACTION_NAMES } from "../../../../protocol/call-messages";
import type { ReplyChunk, ReplyRequest } from "../../../../worker/ai/provider";
import { actionRequestIn } from "../../../../worker/ai/offline/dialogue/action-requests";
import { OfflineProvider } from "../../../../worker/ai/offline/provider";

const all = ACTION_NAMES;

describe("actionRequestIn: must trigger", () => {
  const cases: Array<[string, string, Record<string, string>]> = [
    ["Call me back tomorrow at 8 to practise my speech.", "schedule_callback", { when: "Call me back tomorrow at 8 to practise my speech.", reason: "to practise my speech" }],
    ["Could you call me tomorrow at 6 pm about the interview?", "schedule_callback", { when: "call me tomorrow at 6 pm about the interview?", reason: "about the interview" }],
    ["Okay, please remind me to call my mum on Friday at 5.", "schedule_callback", { when: "remind me to call my mum on Friday at 5.", reason: "to remind me to call my mum" }],
    ["Give me a call in two hours", "schedule_callback", { when: "Give me a call in two hours", reason: "" }],
    ["call me back", "schedule_callback", { when: "call me back", reason: "" }],
    ["Remember that my sister Maria is getting married on Saturday.", "remember", { text: "my sister Maria is getting married on Saturday" }],
    ["Don't forget that I have a dentist appointment next week", "remember", { text: "I have a dentist appointment next week" }],
    ["Please forget what I said about my old job.", "forget", { about: "my old job" }],
    ["Forget everything about the argument with Tom", "forget", { about: "the argument with Tom" }],
    ["Cancel the callback.", "cancel_callback", {}],
    ["Actually, don't call me tomorrow.", "cancel_callback", {}],
    ["What are my follow-ups?", "list_follow_ups", {}],
    ["Do I have any reminders?", "list_follow_ups", {}],
  ];
  for (const [said, name, args] of cases) {
    it(`"${said}" → ${name}`, () => {
      expect(actionRequestIn(said, all)).toEqual({ type: "action", name, arguments: args });
    });
  }
});

describe("actionRequestIn: must not trigger", () => {
  for (const said of [
    "I forgot my keys at work.",
    "My mum called me back yesterday.",
    "You can call me Sam.",
    "Hi, call me Alex.",
    "Do you remember my name?",
    "I remember my dad's voice.",
    "Remember when we went to the beach?",
    "Can you remember things?",
    "Forget it, it doesn't matter.",
    "I need to cancel my gym membership.",
    "My follow-up appointment is on Friday.",
    "That reminds me of my grandmother.",
    "Nobody ever calls me.",
    "Goodbye, talk to you tomorrow.",
    "What time is it?",
  ]) {
    it(`"${said}"`, () => expect(actionRequestIn(said, all)).toBeNull());
  }

  it("an action not on offer is not requested", () => {
    expect(actionRequestIn("Cancel the callback.", ["remember"])).toBeNull();
    expect(actionRequestIn("Call me back tomorrow at 8.", undefined)).toBeNull();
  });
});

const request = (text: string, tools?: ReplyRequest["tools"]): ReplyRequest => ({
  persona: { name: "Nova", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" },
  messages: [],
  callerEmotions: {},
  turn: { text, recognized: true, typed: true, speechMs: 0, index: 0 },
  ...(tools ? { tools } : {}),
});

async function collect(stream: AsyncIterable<ReplyChunk>): Promise<ReplyChunk[]> {
  const out: ReplyChunk[] = [];
  for await (const c of stream) out.push(c);
  return out;
}

describe("the offline engine with and without actions on offer", () => {
  it("answers a request with the action request when actions are offered", async () => {
    const chunks = await collect(new OfflineProvider().reply(request("Call me back tomorrow at 8 to practise my speech.", all)));
    expect(chunks).toEqual([{ type: "action", name: "schedule_callback", arguments: { when: "Call me back tomorrow at 8 to practise my speech.", reason: "to practise my speech" } }]);
  });

  it("answers in words as before when none are", async () => {
    const chunks = await collect(new OfflineProvider().reply(request("Call me back tomorrow at 8 to practise my speech.")));
    expect(chunks.every((c) => typeof c === "string")).toBe(true);
    expect(chunks.join("")).not.toBe("");
  });
});
