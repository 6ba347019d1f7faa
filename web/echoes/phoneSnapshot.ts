// The latest phone settings the dashboard loaded (null before they load). Dependency-free, so plain
// functions such as the Test Call alert text can read it.
import type { PhoneSettings } from "../../protocol/phone";

let latest: PhoneSettings | null = null;

export function currentPhoneSettings(): PhoneSettings | null {
  return latest;
}

export function rememberPhoneSettings(settings: PhoneSettings | null): void {
  latest = settings;
}
