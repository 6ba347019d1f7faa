// Actions during a call, on the pipeline side, through a test port: the engine's action request is run
// under its deadline, confirmed out loud after the model's words, and kept as the turn's action line;
// unusable arguments get a question back and the port is not called; a port that doesn't answer in
// time is heard as "didn't work"; end_call closes the call after a goodbye.
import { describe, expect, it } from "vitest";
import { ACTION_NAMES } from "../../../../protocol/call-messages";
import type { ActionRequest } from "../../../../worker/ai/provider";
import type { ActionPort, CallbackInput, PortAnswer, ScheduledCallback } from "../../../../worker/pipeline/actions/port";
import { setup } from "../conversation-harness";

const NOW = Date.parse("2026-12-01T22:00:00Z");

class TestPort implements ActionPort {
  readonly calls: Array<{ method: string; input: unknown }> = [];
  hang = false;
  scheduleAnswer: PortAnswer<ScheduledCallback, "past" | "quiet-hours" | "daily-cap" | "not-configured" | "too-far"> | null = null;

  private answer<T>(method: string, input: unknown, value: T, signal: AbortSignal): Promise<T> {
    this.calls.push({ method, input });
    if (!this.hang) return Promise.resolve(value);
    return new Promise<T>((_, reject) => signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));
  }
  remember(item: { text: string; kind: "fact" | "follow_up" }, signal: AbortSignal) {
    return this.answer("remember", item, { ok: true as const, value: undefined }, signal);
  }
  forget(phrase: string, signal: AbortSignal) {
    return this.answer("forget", phrase, { ok: true as const, value: { removed: 2 } }, signal);
  }
  scheduleCallback(input: CallbackInput, signal: AbortSignal) {
    return this.answer("scheduleCallback", input, this.scheduleAnswer ?? { ok: true as const, value: { dueAt: input.dueAt, waitingForNumber: false } }, signal);
  }
  cancelCallback(which: "next", signal: AbortSignal) {
    return this.answer("cancelCallback", which, { ok: true as const, value: { dueAt: Date.parse("2026-12-02T07:00:00Z"), reason: "to practise my speech" } }, signal);
  }
  listFollowUps(signal: AbortSignal) {
    return this.answer("listFollowUps", null, { ok: true as const, value: { items: ["check how my interview went", "ask about Maria's wedding"] } }, signal);
  }
}

const action = (name: ActionRequest["name"], args: unknown): ActionRequest => ({ type: "action", name, arguments: args });

async function turn(replies: Array<Array<string | ActionRequest>>, port: TestPort, timeZone = "Europe/Berlin") {
  const t = setup({ replies }, { actions: port, timeZone, settings: { actionMs: 2000 } });
  await t.clock.advanceTo(NOW);
  t.conversation.pushText("please call me back tomorrow at 8 to practise my speech");
  await t.clock.advance(20_000);
  await t.conversation.idle();
  return t;
}

describe("Conversation: actions the caller asks for", () => {
  it("offers the actions and the owner's zone to the engine only when the call has a port", async () => {
    const port = new TestPort();
    const t = await turn([["Sure."]], port);
    expect(t.provider.requests[0]!.tools).toEqual(ACTION_NAMES);
    expect(t.provider.requests[0]!.timeZone).toBe("Europe/Berlin");
    const bare = setup({ replies: [["Hi."]] });
    bare.conversation.pushText("hi");
    await bare.clock.advance(5000);
    await bare.conversation.idle();
    expect(bare.provider.requests[0]!.tools).toBeUndefined();
  });

  it("schedules a callback in the owner's zone, says so after the model's words, and keeps the action line", async () => {
    const port = new TestPort();
    const t = await turn([["Of course.", action("schedule_callback", { when: "tomorrow at 8", reason: "to practise my speech" })]], port);
    expect(port.calls).toEqual([{ method: "scheduleCallback", input: { dueAt: Date.parse("2026-12-02T07:00:00Z"), reason: "to practise my speech", callerNamedTime: true } }]);
    const done = t.of("assistant_done")[0]!.event;
    expect(done.text).toBe("Of course. I'll call you tomorrow at 8:00 to practise your speech.");
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual(["Of course.", "I'll call you tomorrow at 8:00 to practise your speech."]);
    expect(done.actions).toEqual([
      { action: "schedule_callback", status: "done", summary: "Callback: Wed 2 Dec, 08:00 (Europe/Berlin), to practise my speech", dueAt: Date.parse("2026-12-02T07:00:00Z") },
    ]);
  });

  it("a time in the past, no time, or a day that doesn't exist: a question back, nothing scheduled", async () => {
    for (const [when, question] of [
      ["yesterday at 5", "That time has already passed. When should I call you instead?"],
      ["", "When should I call you back? For example, tomorrow at 8 in the morning."],
      ["next Blursday", 'I\'m not sure when "next Blursday" is. What day and time should I call you?'],
      ["tomorrow", "What time tomorrow should I call you?"],
    ] as const) {
      const port = new TestPort();
      const t = await turn([[action("schedule_callback", { when, reason: "to talk" })]], port);
      expect(port.calls).toEqual([]);
      const done = t.of("assistant_done")[0]!.event;
      expect(done.text).toBe(question);
      expect(done.actions?.[0]).toMatchObject({ action: "schedule_callback", status: "asked" });
    }
  });

  it("malformed tool arguments: a question back, the port is not called", async () => {
    const port = new TestPort();
    const t = await turn([[action("remember", '{"text": "Maria is getting ma')]], port);
    expect(port.calls).toEqual([]);
    expect(t.of("assistant_done")[0]!.event.text).toBe("Sorry, what would you like me to remember?");
    expect(t.of("assistant_done")[0]!.event.actions?.[0]?.status).toBe("asked");
  });

  it("a port that doesn't answer within the action's deadline: the caller hears it didn't work", async () => {
    const port = new TestPort();
    port.hang = true;
    const t = await turn([[action("schedule_callback", { when: "tomorrow at 8" })]], port);
    expect(port.calls).toHaveLength(1);
    const done = t.of("assistant_done")[0]!.event;
    expect(done.text).toBe("Sorry, I couldn't set up that callback just now. Please try again in a moment.");
    expect(done.actions).toEqual([{ action: "schedule_callback", status: "failed", summary: "Didn't work: no answer within 2 s" }]);
    expect(t.of("echo_ended")).toHaveLength(0);
  });

  it("the callbacks module's problems are said, e.g. quiet hours and no linked number", async () => {
    const port = new TestPort();
    port.scheduleAnswer = { ok: false, problem: "quiet-hours" };
    let t = await turn([[action("schedule_callback", { when: "tomorrow at 8" })]], port);
    expect(t.of("assistant_done")[0]!.event.text).toContain("quiet hours");
    port.scheduleAnswer = { ok: true, value: { dueAt: Date.parse("2026-12-02T07:00:00Z"), waitingForNumber: true } };
    t = await turn([[action("schedule_callback", { when: "tomorrow at 8", reason: "practise my speech" })]], port);
    expect(t.of("assistant_done")[0]!.event.text).toBe(
      "I'll call you tomorrow at 8:00 about practise your speech, once you've linked your phone number on the dashboard. There isn't one yet.",
    );
  });

  it("remember, forget, cancel and list follow-ups are confirmed out loud", async () => {
    const port = new TestPort();
    const t = await turn(
      [[action("remember", { text: "my sister Maria is getting married on Saturday" }), action("forget", { about: "my old job" }), action("cancel_callback", {}), action("list_follow_ups", {})]],
      port,
    );
    expect(port.calls.map((c) => c.method)).toEqual(["remember", "forget", "cancelCallback", "listFollowUps"]);
    const done = t.of("assistant_done")[0]!.event;
    expect(done.text).toBe(
      "Okay, I'll remember that your sister Maria is getting married on Saturday. Done. I've forgotten what you told me about your old job. " +
        "Okay, I've cancelled the callback tomorrow at 8:00. Here's what I have: check how your interview went; and ask about Maria's wedding.",
    );
    expect(done.actions?.map((a) => `${a.action}:${a.status}`)).toEqual(["remember:done", "forget:done", "cancel_callback:done", "list_follow_ups:done"]);
  });

  it("end_call closes the call after a goodbye, also when the model said nothing", async () => {
    const port = new TestPort();
    const t = await turn([[action("end_call", {})]], port);
    const done = t.of("assistant_done")[0]!.event;
    expect(done.text).toBe("Goodbye, and take care.");
    expect(done.actions).toEqual([{ action: "end_call", status: "done", summary: "Ended the call" }]);
    expect(t.of("echo_ended")).toHaveLength(1);
  });
});
