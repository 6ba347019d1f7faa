// Placing an outbound call through Twilio's REST API: POST /Accounts/{Sid}/Calls.json with To, From,
// the voice webhook Url Twilio requests once the call is answered, the status callback and its events,
// and answering-machine detection. Detection is synchronous (MachineDetection=DetectMessageEnd without
// AsyncAmd): Twilio requests Url only once it knows who answered, with AnsweredBy (human, unknown,
// machine_end_beep, machine_end_silence, machine_end_other, fax), so a voicemail gets its message after
// the beep and a person gets the Echo, with no redirect of a live call (docs/callbacks.md says what it costs).
import { twilioRequest, type RestOptions, type TwilioRestSettings } from "./rest-client";

export interface OutboundCall {
  to: string;
  from: string;
  /** Our voice webhook for this call (signed by Twilio like every webhook; its query names the callback). */
  url: string;
  statusCallback: string;
  /** Seconds Twilio lets it ring before no-answer. */
  timeoutSec?: number;
}

/** The part of Twilio's Call resource we read. */
export interface TwilioCallResource {
  sid: string;
  status: string;
}

export const RING_TIMEOUT_SEC = 25;
export const STATUS_CALLBACK_EVENTS = ["initiated", "ringing", "answered", "completed"] as const;

/** The form Twilio's Calls resource takes for `call`. */
export function createCallForm(call: OutboundCall): URLSearchParams {
  const form = new URLSearchParams({
    To: call.to,
    From: call.from,
    Url: call.url,
    Method: "POST",
    StatusCallback: call.statusCallback,
    StatusCallbackMethod: "POST",
    MachineDetection: "DetectMessageEnd",
    Timeout: String(call.timeoutSec ?? RING_TIMEOUT_SEC),
  });
  for (const event of STATUS_CALLBACK_EVENTS) form.append("StatusCallbackEvent", event);
  return form;
}

/**
 * Creates the call. Retried only when Twilio refused it unprocessed (429, 503): any other failure
 * throws TwilioRestError at once, so one request never rings twice.
 */
export function createTwilioCall(settings: TwilioRestSettings, call: OutboundCall, options?: RestOptions): Promise<TwilioCallResource> {
  return twilioRequest<TwilioCallResource>(settings, "POST", "Calls.json", createCallForm(call), "not-processed", options);
}
