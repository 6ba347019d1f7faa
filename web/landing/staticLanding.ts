// The landing page as it ships: index.html carries its HTML, prerendered at build time
// (scripts/vite-prerender-landing.ts), so it paints before any JavaScript runs. On it, web/boot.ts
// runs only this file (no React): it asks who is visiting — a signed-in user (or an answer we
// couldn't get) starts the app, which replaces the page — and otherwise fills in what the build
// can't know: the public phone number (configuration, GET /api/config) and the current year.
import type { MeResponse, PublicConfig } from "../../protocol/api";
import { telHref } from "../config/phone";
import { api } from "../lib/api";

/** The markup contract between the React landing (Landing, PhoneLink) and the fill below. */
export const PHONE_LINK_ATTR = "data-phone-link";
export const PHONE_TEXT_ATTR = "data-phone-text";
export const YEAR_ATTR = "data-current-year";
export const PHONE_LOADING = "Loading number…";
export const PHONE_UNAVAILABLE = "Phone number unavailable";

export function phoneLinkLabel(phone: string): string {
  return `Call Echo at ${phone}`;
}

/** Turns every prerendered phone placeholder under `root` into a tel: link (or says the number is unavailable). */
export function fillPhoneLinks(root: ParentNode, phone: string | null): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>(`a[${PHONE_LINK_ATTR}]`)) {
    link.removeAttribute("aria-busy");
    if (phone) {
      link.href = telHref(phone);
      link.setAttribute("aria-label", phoneLinkLabel(phone));
    }
    const text = link.querySelector(`[${PHONE_TEXT_ATTR}]`);
    if (text) text.textContent = phone ?? PHONE_UNAVAILABLE;
  }
}

/** Runs on the prerendered landing; `startApp` mounts the React app over it. */
export async function startStaticLanding(root: HTMLElement, startApp: () => Promise<void>): Promise<void> {
  // Both requests start now; a failed config only changes the phone text.
  const phone = api<PublicConfig>("/api/config").then(
    (config) => config.phoneNumber,
    () => null,
  );
  let visitor: "signed-in" | "signed-out" | "unknown";
  try {
    visitor = (await api<MeResponse>("/api/auth/me")).user ? "signed-in" : "signed-out";
  } catch {
    visitor = "unknown"; // the app asks again and shows its error with Try again
  }
  if (visitor !== "signed-out") return startApp();
  for (const year of root.querySelectorAll(`[${YEAR_ATTR}]`)) year.textContent = String(new Date().getFullYear());
  fillPhoneLinks(root, await phone);
}
