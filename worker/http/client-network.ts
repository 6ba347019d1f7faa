// The network a client address stands for, for counting a client's attempts (sign-in throttling): an
// IPv4 address is itself; an IPv6 address counts by its /64, the network one subscriber is given and
// may pick any address in (keyed by the full address, one client could try again and again).

export function clientNetwork(ip: string | undefined | null): string {
  if (!ip) return "unknown";
  const address = ip.trim().toLowerCase().split("%")[0]!;
  if (!address.includes(":")) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  while (prefix.length < 4) prefix.push("0");
  return `${prefix.join(":")}::/64`;
}
