// The actions a caller asks for in plain words, for the local engines (issue 42 §2): "remember that…",
// "don't forget…", "forget what I said about…", "call me back tomorrow at 8 to…", "remind me to… at…",
// "cancel the callback", "what are my follow-ups?". The same action requests a model makes by tool
// calling, with the caller's own words as arguments (the pipeline reads the time and asks back when
// there is none). Deliberately narrow: past tense ("I forgot my keys"), someone else calling ("my mum
// called me back"), a name ("call me Sam"), a memory ("remember when we…") and questions about the
// Echo ("can you remember things?") are not requests. Goodbyes end the call as before. Pure.
import * as chrono from "chrono-node";
import type { ActionName } from "../../../../protocol/call-messages";
import type { ActionRequest } from "../../provider";
import { spellOut } from "./language";

/** Fillers a request may open with ("okay so, please remind me…"). */
const LEAD = /^(?:(?:ok(?:ay)?|so|and|well|oh|um+|uh+|hey|hi|also|actually|alright|right|then|and also|one more thing)[,.!]?\s+)*(?:(?:please|can you|could you|would you|will you|i want you to|i would like you to|i need you to)\s+)*(?:please\s+)?/i;

const REMEMBER = /^(?:remember|note|make a note|keep in mind|do not forget|never forget)(?:\s+(?:that|this|this:))?[,:]?\s+(.+)$/i;
/** What follows "remember" in a memory or a question, not a request. */
const NOT_A_FACT = /^(?:when|how|what|who|where|why|if|whether|things|stuff|anything|everything|me|my name|that\??|this\??|it\??)\b/i;

const FORGET = /\bforget (?:what i (?:said|told you|mentioned|shared) about|everything (?:i said )?about|about|what i said regarding)\s+(.+)$/i;

const CALLBACK = /\b(?:call me back|ring me back|phone me back|call me|ring me|phone me|give me a (?:call|ring)|remind me)\b/i;
/** "call me" is a callback only with a time or "again" after it ("call me Sam" is a name). */
const CALL_ME_WHEN = /\b(?:call|ring|phone) me\s+(?:again|later|tomorrow|tonight|today|this|next|on|at|in|around|after|before|first thing|when|every|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d)/i;
const REMIND_ME = /\bremind me\s+(?:to|about|that|at|in|on|tomorrow|tonight|later|this|next|before|after)\b/i;
const SOMEONE_ELSE = /\b(?:he|she|they|mum|mom|dad|mother|father|boss|friend|doctor|someone|somebody|nobody|he|who|it)\s+(?:called|rang|phoned|reminded|will call|would call|never calls?)\s+me\b/i;
const DO_NOT_CALL = /\b(?:do not|never)\s+(?:call|ring|phone) me\b/i;

const CANCEL = /\b(?:cancel|call off|scrap|delete|remove|forget about)\s+(?:the|my|that|this|our)?\s*(?:next\s+)?(?:callback|call back|call-back|reminder|call tomorrow|call later)\b/i;

const FOLLOW_UPS = new RegExp(
  [
    String.raw`\bwhat (?:are|were) (?:my|the) (?:follow[- ]?ups|reminders|callbacks|call backs)\b`,
    String.raw`\bwhat (?:follow[- ]?ups|reminders|callbacks) do i have\b`,
    String.raw`\bdo i have any (?:follow[- ]?ups|reminders|callbacks)\b`,
    String.raw`\b(?:list|tell me|read me|read out|go through) (?:all )?(?:my|the) (?:follow[- ]?ups|reminders|callbacks)\b`,
    String.raw`\bwhat (?:have i asked you to|did i ask you to) (?:follow up on|remind me|check)\b`,
  ].join("|"),
  "i",
);

const offers = (tools: readonly ActionName[] | undefined, name: ActionName) => tools?.includes(name) ?? false;
const request = (name: ActionName, args: Record<string, string>): ActionRequest => ({ type: "action", name, arguments: args });

/** The reason in "… to practise my speech", "… about the interview", without the time in it; "" when none. */
function reasonIn(rest: string): string {
  const m = /\b(to|about|so that|so we can|because|for)\s+(.+)$/i.exec(rest);
  if (!m) return "";
  let reason = `${m[1]!.toLowerCase()} ${m[2]!}`;
  for (const found of chrono.parse(reason)) reason = reason.replace(found.text, " ");
  return reason.replace(/\s+/g, " ").replace(/\s+([.,!?])/g, "$1").replace(/[\s.,!?]+$/, "").trim();
}

/** The action the caller asks for in `text`, when it is one on offer; null otherwise. */
export function actionRequestIn(text: string, tools: readonly ActionName[] | undefined): ActionRequest | null {
  if (!tools?.length) return null;
  const said = spellOut(text).replace(LEAD, "").trim();
  if (!said) return null;

  if (offers(tools, "list_follow_ups") && FOLLOW_UPS.test(said)) return request("list_follow_ups", {});
  if (offers(tools, "cancel_callback") && (CANCEL.test(said) || DO_NOT_CALL.test(said))) return request("cancel_callback", {});

  const forget = FORGET.exec(said);
  if (offers(tools, "forget") && forget && !/^(?:it|that|this)\b/i.test(forget[1]!)) {
    return request("forget", { about: forget[1]!.replace(/[.!?]+$/, "").trim() });
  }

  const remember = REMEMBER.exec(said);
  if (offers(tools, "remember") && remember && !NOT_A_FACT.test(remember[1]!) && !said.trim().endsWith("?")) {
    const fact = remember[1]!.replace(/[.!]+$/, "").trim();
    if (fact.split(/\s+/).length >= 2) return request("remember", { text: fact });
  }

  if (offers(tools, "schedule_callback") && CALLBACK.test(said) && !SOMEONE_ELSE.test(said)) {
    const callMe = /\b(?:call|ring|phone) me back\b|\bgive me a (?:call|ring)\b/i.test(said) || CALL_ME_WHEN.test(said);
    const remind = REMIND_ME.test(said);
    if (callMe || remind) {
      const trigger = CALLBACK.exec(said)!;
      const rest = said.slice(trigger.index + trigger[0].length);
      const reason = remind && !callMe ? `to remind me ${reasonIn(rest) || rest.trim().replace(/[.!?]+$/, "")}`.replace(/\s+$/, "") : reasonIn(rest);
      return request("schedule_callback", { when: said, reason });
    }
  }
  return null;
}
