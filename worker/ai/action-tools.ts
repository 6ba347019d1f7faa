// The actions a model may call (issue 42 §2), as tool definitions in the OpenAI Chat Completions form
// ({type: "function", function: {name, description, parameters}}), which both OpenAI-compatible servers
// and Workers AI's function calling on Llama 3.3 take. Times are the caller's own words ("tomorrow at
// 8"): the pipeline reads them in the owner's time zone, so a model never has to work out a date.
// `end_call` is not an action of the port: the engines turn it into the reply's end_call request.
import type { ActionName } from "../../protocol/call-messages";
import type { ActionRequest } from "./provider";

interface ToolParameter {
  type: "string";
  description: string;
}

export interface ToolDefinition {
  type: "function";
  function: {
    name: ActionName;
    description: string;
    parameters: { type: "object"; properties: Record<string, ToolParameter>; required: string[] };
  };
}

const TOOLS: Record<ActionName, ToolDefinition["function"]> = {
  remember: {
    name: "remember",
    description: "Remember something the caller asked you to keep in mind for later calls (a fact about them or a follow-up they want).",
    parameters: {
      type: "object",
      properties: {
        text: { type: "string", description: "What to remember, in the caller's words, e.g. 'my sister Maria is getting married on Saturday'." },
        kind: { type: "string", description: "'fact' for something about the caller, 'follow_up' for something to check on later." },
      },
      required: ["text"],
    },
  },
  forget: {
    name: "forget",
    description: "Forget what the caller told you about something, when they ask you to.",
    parameters: { type: "object", properties: { about: { type: "string", description: "What to forget, e.g. 'my old job'." } }, required: ["about"] },
  },
  schedule_callback: {
    name: "schedule_callback",
    description: "Call the caller back on their phone at a time they name (also for 'remind me to … at …').",
    parameters: {
      type: "object",
      properties: {
        when: { type: "string", description: "The time exactly as the caller said it, e.g. 'tomorrow at 8'. Never invent or convert a time; leave empty if they gave none." },
        reason: { type: "string", description: "Why, from the caller's side, starting with 'to' or 'about', e.g. 'to practise my speech'." },
      },
      required: ["when"],
    },
  },
  cancel_callback: {
    name: "cancel_callback",
    description: "Cancel the caller's next scheduled callback.",
    parameters: { type: "object", properties: {}, required: [] },
  },
  list_follow_ups: {
    name: "list_follow_ups",
    description: "Tell the caller their open follow-ups and reminders.",
    parameters: { type: "object", properties: {}, required: [] },
  },
  end_call: {
    name: "end_call",
    description: "End the call politely, after saying goodbye, when the caller is done.",
    parameters: { type: "object", properties: {}, required: [] },
  },
};

/** The tool definitions for the actions on offer (none: no tools). */
export function toolDefinitions(names: readonly ActionName[] | undefined): ToolDefinition[] {
  return (names ?? []).map((name) => ({ type: "function", function: TOOLS[name] }));
}

/**
 * A model's tool call as the pipeline's action request; null for a tool that wasn't offered. Arguments
 * that are a JSON string are parsed; text that isn't JSON is passed on as it is (the pipeline asks back).
 */
export function actionFromToolCall(offered: readonly ActionName[] | undefined, name: unknown, args: unknown): ActionRequest | null {
  const found = (offered ?? []).find((n) => n === name);
  if (!found) return null;
  let parsed: unknown = args;
  if (typeof args === "string") {
    try {
      parsed = args.trim() ? (JSON.parse(args) as unknown) : {};
    } catch {
      parsed = args;
    }
  }
  return { type: "action", name: found, arguments: parsed };
}

/**
 * Accumulates streamed tool calls into whole calls: OpenAI's `choices[0].delta.tool_calls` (by index:
 * id, type and name first, then pieces of the arguments), and Workers AI's native `tool_calls` (the same
 * deltas, or whole calls `{name, arguments: {...}}` with no index, each a call of its own). A chunk with
 * no id, name or arguments (Workers AI's closing sentinel) is skipped.
 */
export class ToolCallDeltas {
  private readonly calls = new Map<number, { name: string; args: string }>();

  push(deltas: unknown): void {
    if (!Array.isArray(deltas)) return;
    for (const raw of deltas as Array<{ index?: unknown; id?: unknown; name?: unknown; arguments?: unknown; function?: { name?: unknown; arguments?: unknown } } | null>) {
      if (!raw || typeof raw !== "object") continue;
      const name = raw.function?.name ?? raw.name;
      const args = raw.function?.arguments ?? raw.arguments;
      if (!raw.id && !name && (args === undefined || args === null || args === "")) continue;
      const index = typeof raw.index === "number" ? raw.index : this.calls.size;
      const call = this.calls.get(index) ?? { name: "", args: "" };
      if (typeof name === "string") call.name += name;
      if (typeof args === "string") call.args += args;
      else if (args && typeof args === "object") call.args += JSON.stringify(args);
      this.calls.set(index, call);
    }
  }

  get size(): number {
    return this.calls.size;
  }

  /** The whole calls, in index order, as action requests (tools not offered are dropped). */
  requests(offered: readonly ActionName[] | undefined): ActionRequest[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => actionFromToolCall(offered, call.name, call.args))
      .filter((r): r is ActionRequest => r !== null);
  }
}
