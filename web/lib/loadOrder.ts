// Which answers of overlapping GETs of one resource a screen shows. A load can start while another is
// on its way (a feed signal during the first load, a retry): each answer newer than the one on screen
// replaces it, and an older one that comes last is dropped. A failure is shown only once no load that
// could still answer is on its way: a newer load's failure does not hide an older load's good answer
// still coming, nor undo one already shown (a ready screen keeps it: the callers' rule).
export class LoadOrder {
  private started = 0;
  private shown = 0;
  private readonly onTheirWay = new Set<number>();

  /** A new load: its number, for `accept` and `failed`. */
  start(): number {
    this.onTheirWay.add(++this.started);
    return this.started;
  }

  /** True when load `n`'s answer is newer than what is on screen: show it. */
  accept(n: number): boolean {
    this.onTheirWay.delete(n);
    if (n <= this.shown) return false;
    this.shown = n;
    return true;
  }

  /** True when load `n`'s failure is the latest word: it is newer than what is shown, and no load that could be is on its way. */
  failed(n: number): boolean {
    this.onTheirWay.delete(n);
    if (n <= this.shown) return false;
    for (const other of this.onTheirWay) if (other > this.shown) return false;
    return true;
  }

  /** Another resource (another filter, another call), or a change made on the page: every load started so far answers out of date. */
  reset(): void {
    this.shown = this.started;
  }
}
