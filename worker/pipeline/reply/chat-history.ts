// The conversation's history for the language model: the last `maxExchanges` exchanges (older messages
// are dropped), and a version that changes with every message added. Its length stops changing once it
// is trimmed, so a reply prepared on it (speculation.ts) checks the version to tell whether anything was
// said since.
import type { ChatMessage } from "../../ai/provider";

export class ChatHistory {
  private readonly kept: ChatMessage[];
  private added = 0;

  constructor(
    initial: readonly ChatMessage[],
    private readonly maxExchanges: number,
  ) {
    this.kept = [...initial];
  }

  get messages(): readonly ChatMessage[] {
    return this.kept;
  }

  /** Messages added since the conversation began. */
  get version(): number {
    return this.added;
  }

  add(message: ChatMessage): void {
    this.added++;
    this.kept.push(message);
    const max = this.maxExchanges * 2;
    if (this.kept.length > max) this.kept.splice(0, this.kept.length - max);
  }
}
