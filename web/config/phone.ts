/** A tel: URL for a readable phone number ("+1 555 010 0199" → "tel:+15550100199"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
