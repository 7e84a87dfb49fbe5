import type { ChatStreamEvent } from "@geopulse/api-types";

interface Listener {
  onEvent: (event: ChatStreamEvent) => void;
  onEnd: () => void;
}

/**
 * The events of one turn, kept from its start so a listener that attaches
 * late (the SSE response, a retry in this process) sees all of them. A
 * listener that goes away (a client that disconnected) changes nothing for
 * the turn. The stream ends with `done` (or `close` when not even that can be said).
 */
export class TurnEvents {
  private readonly events: ChatStreamEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private ended = false;

  emit(event: ChatStreamEvent): void {
    this.events.push(event);
    for (const listener of this.listeners) listener.onEvent(event);
    if (event.type === "done") this.close();
  }

  close(): void {
    this.ended = true;
    for (const listener of this.listeners) listener.onEnd();
    this.listeners.clear();
  }

  /** Replays what happened so far, then follows; returns the unsubscribe function. */
  follow(onEvent: Listener["onEvent"], onEnd: Listener["onEnd"]): () => void {
    for (const event of this.events) onEvent(event);
    if (this.ended) {
      onEnd();
      return () => undefined;
    }
    const listener = { onEvent, onEnd };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Turns this server is answering, by assistant message id (dropped when they
 * end, so bounded by the turns in flight); the server's context owns it.
 */
export type RunningTurns = Map<string, { events: TurnEvents; finished: Promise<void> }>;
