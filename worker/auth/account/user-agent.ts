// What the sessions list shows of a browser: "Chrome on macOS", "Safari on iPhone", from its User-Agent
// (bowser). Only this summary is stored, never the raw header (it identifies a browser more closely
// than the list needs) and never an IP address.
import Bowser from "bowser";

const MAX_LENGTH = 80;

export function userAgentSummary(header: string | undefined | null): string {
  if (!header) return "";
  const parsed = Bowser.parse(header);
  const browser = parsed.browser.name ?? "";
  const device = parsed.platform.type === "mobile" || parsed.platform.type === "tablet" ? (parsed.platform.model ?? "") : "";
  const os = parsed.os.name ?? "";
  const where = device && !/^(iPhone|iPad)$/.test(os) ? device : os;
  const summary = browser && where ? `${browser} on ${where}` : browser || where;
  return summary.slice(0, MAX_LENGTH);
}
