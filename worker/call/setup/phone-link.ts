// Linking a caller's number by keypad during a phone call: the caller types the 6-digit code from their
// dashboard; a matching code links the number to their account, and the call continues with their
// phone Echo and becomes theirs. Only a verified call may link (issue 42 §4): full STIR/SHAKEN
// attestation of the number, or a call we placed to it; a forged caller ID links nothing. Wrong codes are
// answered by voice; after MAX_CODE_ATTEMPTS the keypad stops listening, and after LINK_FAILURE_LIMIT
// wrong codes in an hour from anyone (one counter for every call, not one per claimed number, which a
// caller could rotate) linking by keypad waits.
import { answererForUser } from "../../db/answerer";
import { readThrottle, recordFailure } from "../../db/auth/auth-throttle";
import { db } from "../../db/client";
import { claimPhoneCall, redeemLinkCode, releaseWaitingCallbacks } from "../../db/phone";
import { identifiableNumber } from "../../twilio/caller-id";
import { KeypadCollector } from "./keypad";
import type { Env } from "../../config/env";
import type { CallState, CallStore } from "../store";
import { logError } from "../../lib/safe-error";

/**
 * Wrong codes all callers together may type in LINK_THROTTLE_WINDOW_MS before keypad linking waits: with
 * codes 1 in a million and valid 10 minutes, guessing stays hopeless however many numbers a caller uses.
 */
export const LINK_FAILURE_LIMIT = 30;
export const LINK_THROTTLE_WINDOW_MS = 60 * 60 * 1000;
/** The one counter of wrong link codes (auth_throttle key). */
export const LINK_THROTTLE_KEY = "link-code:all";

export const SAY = {
  linked: (echoName: string) => `Your number is now linked to your Echo account. You're now talking with ${echoName}.`,
  wrongCode: "That code didn't match. Please check the six-digit code on your dashboard and type it again.",
  locked: "That code didn't match either. Please get a new code on your dashboard and call again.",
  noNumber: "Your caller ID is hidden, so I can't link this number. Please call again with your number shown.",
  taken: "This number is already linked to another Echo account. Unlink it on that account's dashboard first, then call again.",
  throttled: "Too many codes that didn't match were typed recently. Please try again in an hour, or link your number from your dashboard.",
  notVerified:
    "I can't link this number from this call, because I can't be sure the call really comes from it. On your dashboard, enter your number and I'll call you to link it.",
  failed: "Sorry, I couldn't link your number just now. Please type the code again in a moment.",
} as const;

/** What linking needs of its call (the CallSession gives it; the phone line hands it the keypad's digits). */
export interface LinkHost {
  readonly env: Env;
  readonly store: CallStore;
  /** The call changed hands: only `owner` may still watch; the former participants are told. */
  handOver(owner: string, formerParticipants: string[]): void;
  /** Ends the current conversation; the next input starts one from the stored state (the new persona). */
  restartConversation(): Promise<void>;
  notifyOwner(state: CallState, event: "live_call_started" | "live_call_ended"): void;
}

export class PhoneLinker {
  private readonly keypad = new KeypadCollector();
  private linking: Promise<void> | null = null;
  /** The link under way has linked the number (what fails after it does not undo it). */
  private claimed = false;

  constructor(
    private readonly host: LinkHost,
    /** Speaks a fixed sentence to the caller (and keeps it in the transcript). */
    private readonly say: (text: string) => Promise<void>,
  ) {}

  /** One keypad digit; a complete code starts the link. */
  async onDigit(digit: string): Promise<void> {
    const result = this.keypad.push(digit, Date.now());
    if (result.kind !== "code" || this.linking) return;
    this.claimed = false;
    this.linking = this.link(result.code)
      .catch(async (err: unknown) => {
        // The call goes on (and can end: settled() never throws). Before the number was linked, the
        // caller hears why nothing happened and keeps the attempt; after, the link stands.
        logError("keypad link failed", err);
        if (this.claimed) return;
        this.keypad.giveBack();
        await this.say(SAY.failed).catch((e: unknown) => logError("keypad link: the failure could not be said", e));
      })
      .finally(() => {
        this.linking = null;
      });
    return this.linking;
  }

  /** Resolves once a link in progress is done (the call must not end half-linked); never rejects. */
  async settled(): Promise<void> {
    if (this.linking) await this.linking;
  }

  private async link(code: string): Promise<void> {
    const { store, env } = this.host;
    const state = store.state();
    if (!state || state.phase !== "active") return;
    const fromNumber = identifiableNumber(state.fromNumber);
    if (!fromNumber) return this.say(SAY.noNumber);
    if (!state.callerVerified) return this.say(SAY.notVerified);
    const database = db(env.DB);
    // Across calls too: a code is 1 in a million, but a caller who may call again and again must not
    // be able to try them all.
    const key = LINK_THROTTLE_KEY;
    const now = Date.now();
    if (((await readThrottle(database, key))?.lockedUntil ?? 0) > now) return this.say(SAY.throttled);
    const redeemed = await redeemLinkCode(database, code, fromNumber, now, state.linkFor ?? undefined);
    if (redeemed.kind === "taken") return this.say(SAY.taken);
    if (redeemed.kind === "no-match") {
      const row = await recordFailure(database, key, now, LINK_THROTTLE_WINDOW_MS, LINK_FAILURE_LIMIT);
      if (row.lockedUntil > now) return this.say(SAY.throttled);
      return this.say(this.keypad.attemptsLeft > 0 ? SAY.wrongCode : SAY.locked);
    }
    const { userId } = redeemed;
    const answerer = await answererForUser(database, userId);
    const { removedParticipants } = await claimPhoneCall(database, state.callId, userId, answerer.echoId);
    this.claimed = true;
    // Callbacks asked for before there was a number are placed now (if still in the future).
    await releaseWaitingCallbacks(database, userId).catch((err: unknown) => logError("keypad link: waiting callbacks were not released", err));
    const previousOwner = state.userId;
    const next = store.updateState({ userId, echoId: answerer.echoId, echoName: answerer.echoName, persona: answerer.persona });
    if (previousOwner !== userId) this.host.handOver(userId, removedParticipants);
    await this.host.restartConversation();
    // The call now appears on the new owner's dashboard (their phone panel refreshes on it too).
    if (previousOwner && previousOwner !== userId) this.host.notifyOwner(state, "live_call_ended");
    this.host.notifyOwner(next, "live_call_started");
    await this.say(SAY.linked(answerer.echoName));
  }
}
