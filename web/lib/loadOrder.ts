// Which answers of overlapping GETs of one resource a screen shows. A load can start while another is
// on its way (a feed signal during the first load, a retry): each answer newer than the one on screen
// replaces it, an older one that comes last is dropped, and a failure counts only for the newest load
// (an older load's good answer is not undone by a newer one's failure, nor shown after it).
export class LoadOrder {
  private started = 0;
  private shown = 0;

  /** A new load: its number, for `accept` and `failed`. */
  start(): number {
    return ++this.started;
  }

  /** True when load `n`'s answer is newer than what is on screen: show it. */
  accept(n: number): boolean {
    if (n <= this.shown) return false;
    this.shown = n;
    return true;
  }

  /** Another resource (another filter, another call): every load started so far answers out of date. */
  reset(): void {
    this.shown = this.started;
  }

  /** True when load `n`'s failure is the latest word: no newer load is on its way or answered. */
  failed(n: number): boolean {
    return n === this.started && n > this.shown;
  }
}
