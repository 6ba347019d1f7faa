// TwiML documents the voice webhook answers with.

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * A bidirectional media stream to `streamUrl` (wss://, no query string: Twilio ignores it) with
 * `parameters` delivered in the stream's start.customParameters.
 */
export function connectStreamTwiml(streamUrl: string, parameters: Record<string, string>): string {
  const params = Object.entries(parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join("");
  return `${XML_HEADER}<Response><Connect><Stream url="${escapeXml(streamUrl)}">${params}</Stream></Connect></Response>`;
}

/** Says `message` and hangs up (used when the call cannot be taken). */
export function sayAndHangUpTwiml(message: string): string {
  return `${XML_HEADER}<Response><Say>${escapeXml(message)}</Say><Hangup/></Response>`;
}
