// A viewer of a call (/ws/live/:id) pinging every `everyMs`; each round trip is logged with the time
// its ping left (performance.now()), to see how long the call's thread kept it waiting.
export class PingProbe {
  readonly rtts: Array<{ sentAt: number; rtt: number }> = [];
  private readonly ws: WebSocket;
  private pending: number[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    url: string,
    headers: Record<string, string>,
    private readonly everyMs = 20,
  ) {
    this.ws = new WebSocket(url, { headers } as unknown as string[]);
    this.ws.onmessage = (ev) => {
      if ((JSON.parse(String(ev.data)) as { type?: string }).type !== "pong") return;
      const sentAt = this.pending.shift();
      if (sentAt !== undefined) this.rtts.push({ sentAt, rtt: performance.now() - sentAt });
    };
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.ws.onopen = () => resolve();
      this.ws.onerror = () => reject(new Error("viewer socket failed to open"));
    });
    this.timer = setInterval(() => {
      this.pending.push(performance.now());
      this.ws.send(JSON.stringify({ type: "ping" }));
    }, this.everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.ws.close();
  }
}
