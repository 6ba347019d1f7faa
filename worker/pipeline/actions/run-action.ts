// One action the caller asked for, end to end: its arguments checked (unusable ones — malformed JSON,
// no time, "next Blursday", a time that has passed — become a question back, and nothing is done), the
// port called under the action's deadline, and the outcome said out loud ("I'll call you tomorrow at
// 8:00 to practise your speech") and shown as the turn's action line. A port that times out or throws:
// the caller hears it didn't work. Knows only the port (port.ts) and the clock.
import { z } from "zod";
import type { ActionLine, ActionName, ActionStatus } from "../../../protocol/call-messages";
import type { ActionRequest } from "../../ai/provider";
import { raceAbort } from "../core/abortable";
import { deadlineController } from "../core/ai-steps";
import type { Clock } from "../core/clock";
import type { ActionPort, CallbackProblem, PortProblem } from "./port";
import { reasonPhrase, saidBack } from "./phrasing";
import { readWhen, shownWhen, spokenWhen } from "./when";

export interface ActionContext {
  port: ActionPort;
  clock: Clock;
  /** The action's deadline (settings.actionMs). */
  deadlineMs: number;
  /** The owner's time zone (IANA), for reading and saying times; UTC when unknown. */
  timeZone: string | undefined;
  /** The reply's signal: barge-in or the end of the call stop the action too. */
  signal: AbortSignal;
}

export interface ActionResult {
  /** Said to the caller. */
  spoken: string;
  line: ActionLine;
}

const text = z.string().trim().min(1).max(500);
const ARGUMENTS = {
  remember: z.object({ text, kind: z.enum(["fact", "follow_up"]).optional().catch(undefined) }),
  forget: z.object({ about: text }),
  schedule_callback: z.object({ when: z.string().max(200).optional(), reason: z.string().max(300).optional() }),
  cancel_callback: z.object({}).loose(),
  list_follow_ups: z.object({}).loose(),
} as const;
type PortAction = keyof typeof ARGUMENTS;

/** What is asked back when an action's arguments can't be read at all. */
const ASK_AGAIN: Record<PortAction, string> = {
  remember: "Sorry, what would you like me to remember?",
  forget: "Sorry, what would you like me to forget?",
  schedule_callback: "When should I call you back, and what about?",
  cancel_callback: "Which callback would you like me to cancel?",
  list_follow_ups: "Sorry, could you ask me that again?",
};

/** What failed, for "Sorry, I couldn't … just now." */
const DOING: Record<PortAction, string> = {
  remember: "save that",
  forget: "forget that",
  schedule_callback: "set up that callback",
  cancel_callback: "cancel the callback",
  list_follow_ups: "look up your follow-ups",
};

const UNAVAILABLE: Record<PortAction, string> = {
  remember: "Remembering callers is turned off for this Echo, so I won't keep that.",
  forget: "Remembering callers is turned off for this Echo, so there's nothing kept to forget.",
  schedule_callback: "I can't set reminders or call you back yet, sorry.",
  cancel_callback: "I can't set reminders or call you back yet, so there's nothing to cancel.",
  list_follow_ups: "Remembering callers is turned off for this Echo, so I have no follow-ups for you.",
};

const UNVERIFIED = "I can only do that for this Echo's owner, and I can't be sure it's you on this line.";

const CALLBACK_PROBLEMS: Record<CallbackProblem, string> = {
  past: "That time has already passed. When should I call you instead?",
  "quiet-hours": "That's during quiet hours, between 21:00 and 8:00. What other time would suit you?",
  "daily-cap": "I already have five callbacks for you that day, which is my limit. Could another day work?",
  "not-configured": "Callbacks aren't set up for this Echo yet, so I can't call you back, sorry.",
  "too-far": "That's further ahead than I can schedule. Could you pick a time sooner?",
};

/** The action line (its summary kept within the protocol's 300 characters). */
function line(action: ActionName, status: ActionStatus, summary: string, dueAt?: number): ActionLine {
  const shown = summary.length > 300 ? `${summary.slice(0, 299)}…` : summary;
  return { action, status, summary: shown, ...(dueAt !== undefined ? { dueAt } : {}) };
}

function readArguments(raw: unknown): unknown {
  if (typeof raw !== "string") return raw ?? {};
  if (!raw.trim()) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function portProblem(action: PortAction, problem: PortProblem): ActionResult {
  if (problem === "unverified") return { spoken: UNVERIFIED, line: line(action, "unavailable", "Not done: the caller is not verified") };
  return { spoken: UNAVAILABLE[action], line: line(action, "unavailable", "Not available yet") };
}

const asked = (action: PortAction, spoken: string, why: string): ActionResult => ({ spoken, line: line(action, "asked", `Asked back: ${why}`) });

/** Runs one action request; never throws (but for an abort: the reply was cut off). */
export async function runAction(request: ActionRequest, ctx: ActionContext): Promise<ActionResult> {
  const name = request.name;
  if (name === "end_call") return { spoken: "", line: line("end_call", "done", "Ended the call") };
  const parsed = ARGUMENTS[name].safeParse(readArguments(request.arguments));
  if (!parsed.success) return asked(name, ASK_AGAIN[name], "the request's details could not be read");
  const deadline = deadlineController(ctx.clock, ctx.deadlineMs, ctx.signal);
  try {
    return await raceAbort(perform(name, parsed.data, ctx, deadline.signal), deadline.signal);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    const why = deadline.timedOut ? `no answer within ${Math.round(ctx.deadlineMs / 100) / 10} s` : "it failed";
    return { spoken: `Sorry, I couldn't ${DOING[name]} just now. Please try again in a moment.`, line: line(name, "failed", `Didn't work: ${why}`) };
  } finally {
    deadline.dispose();
  }
}

async function perform(name: PortAction, args: unknown, ctx: ActionContext, signal: AbortSignal): Promise<ActionResult> {
  const { port } = ctx;
  switch (name) {
    case "remember": {
      const item = ARGUMENTS.remember.parse(args);
      const answer = await port.remember({ text: item.text, kind: item.kind ?? "fact" }, signal);
      if (!answer.ok) return portProblem(name, answer.problem);
      return { spoken: `Okay, I'll remember that ${saidBack(item.text)}.`, line: line(name, "done", `Remembered: ${item.text}`) };
    }
    case "forget": {
      const { about } = ARGUMENTS.forget.parse(args);
      const answer = await port.forget(about, signal);
      if (!answer.ok) return portProblem(name, answer.problem);
      const removed = answer.value.removed;
      if (removed === 0) return { spoken: `I don't have anything about ${saidBack(about)} to forget.`, line: line(name, "done", `Nothing to forget about: ${about}`) };
      return { spoken: `Done. I've forgotten what you told me about ${saidBack(about)}.`, line: line(name, "done", `Forgot ${removed} ${removed === 1 ? "item" : "items"} about: ${about}`) };
    }
    case "schedule_callback":
      return scheduleCallback(ARGUMENTS.schedule_callback.parse(args), ctx, signal);
    case "cancel_callback": {
      const answer = await port.cancelCallback("next", signal);
      if (!answer.ok) return portProblem(name, answer.problem);
      const cancelled = answer.value;
      if (!cancelled) return { spoken: "There's no callback scheduled, so there's nothing to cancel.", line: line(name, "done", "No callback to cancel") };
      const now = ctx.clock.now();
      return {
        spoken: `Okay, I've cancelled the callback ${spokenWhen(cancelled.dueAt, now, ctx.timeZone)}.`,
        line: line(name, "done", `Callback cancelled: ${shownWhen(cancelled.dueAt, ctx.timeZone)}`, cancelled.dueAt),
      };
    }
    case "list_follow_ups": {
      const answer = await port.listFollowUps(signal);
      if (!answer.ok) return portProblem(name, answer.problem);
      const items = answer.value.items.slice(0, 5).map(saidBack);
      if (items.length === 0) return { spoken: "You don't have any follow-ups with me right now.", line: line(name, "done", "Follow-ups: none") };
      const list = items.length === 1 ? items[0]! : `${items.slice(0, -1).join("; ")}; and ${items[items.length - 1]!}`;
      const more = answer.value.items.length > items.length ? ` There are ${answer.value.items.length - items.length} more on your dashboard.` : "";
      return { spoken: `Here's what I have: ${list}.${more}`, line: line(name, "done", `Follow-ups listed: ${answer.value.items.length}`) };
    }
  }
}

async function scheduleCallback(args: { when?: string | undefined; reason?: string | undefined }, ctx: ActionContext, signal: AbortSignal): Promise<ActionResult> {
  const name = "schedule_callback";
  const now = ctx.clock.now();
  const when = readWhen(args.when ?? "", now, ctx.timeZone);
  if (!when.ok) {
    switch (when.problem) {
      case "missing":
        return asked(name, "When should I call you back? For example, tomorrow at 8 in the morning.", "no time was given");
      case "unknown":
        return asked(name, `I'm not sure when "${when.words}" is. What day and time should I call you?`, `"${when.words}" is not a time`);
      case "no_hour":
        return asked(name, `What time ${saidBack(when.words)} should I call you?`, "a day without a time");
      case "past":
        return asked(name, CALLBACK_PROBLEMS.past, "that time has passed");
    }
  }
  const reason = (args.reason ?? "").trim();
  const answer = await ctx.port.scheduleCallback({ dueAt: when.at, reason, callerNamedTime: true }, signal);
  if (!answer.ok) {
    if (answer.problem === "unavailable" || answer.problem === "unverified") return portProblem(name, answer.problem);
    const status = answer.problem === "not-configured" ? "unavailable" : "asked";
    return { spoken: CALLBACK_PROBLEMS[answer.problem], line: line(name, status, `Not scheduled: ${answer.problem}`) };
  }
  const spokenReason = reasonPhrase(reason);
  const at = answer.value.dueAt;
  const sentence = `I'll call you ${spokenWhen(at, now, ctx.timeZone)}${spokenReason ? ` ${spokenReason}` : ""}`;
  const shown = `Callback: ${shownWhen(at, ctx.timeZone)}${reason ? `, ${reason}` : ""}`;
  if (answer.value.waitingForNumber) {
    return { spoken: `${sentence}, once you've linked your phone number on the dashboard. There isn't one yet.`, line: line(name, "done", `${shown} (waiting for a linked number)`, at) };
  }
  return { spoken: `${sentence}.`, line: line(name, "done", shown, at) };
}
