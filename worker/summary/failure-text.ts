// The words a failed summary shows its owner: never the provider's own (they can name keys, hosts or
// models; those go to the log).

/** What the owner reads when the model failed: its HTTP status or error code, and what to do. */
export function failureText(failed: { status?: number | undefined; code?: string | number | undefined } = {}): string {
  const { status, code } = failed;
  const which = status !== undefined ? ` (HTTP ${status})` : code !== undefined ? ` (error ${String(code).slice(0, 40)})` : "";
  if (status === 401 || status === 403) return `The language model refused the request${which}. Check the AI provider's key and settings, then retry.`;
  if (status === 429) return `The language model's usage limit was reached${which}. Retry later.`;
  if (status !== undefined && status >= 500) return `The language model is unavailable right now${which}. Retry in a moment.`;
  return `The language model failed${which}. Retry later; if it keeps failing, check the AI provider's settings.`;
}
