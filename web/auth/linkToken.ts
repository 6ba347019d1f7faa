// The token of an emailed link: it travels in the URL's fragment (#token=…), never sent to a server.
export function linkTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token && /^[a-z0-9]{8,200}$/.test(token) ? token : null;
}
