import { createParser } from "eventsource-parser";
import { ConnectionError } from "./errors.js";

/** One Server-Sent Event as sent: its `event:` name (undefined when absent) and its `data:`. */
export interface ServerSentEvent {
  event: string | undefined;
  id: string | undefined;
  data: string;
}

/**
 * The events of a `text/event-stream` body, as they arrive. A stream silent for
 * `idleTimeoutMs` ends with a ConnectionError (the request's own timeout only
 * covers the wait for the response headers). Leaving the loop early cancels the
 * body, which closes the connection.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  idleTimeoutMs: number,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const arrived: ServerSentEvent[] = [];
  const parser = createParser({
    onEvent: (message) =>
      arrived.push({ event: message.event, id: message.id, data: message.data }),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, idleTimeoutMs, signal);
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      yield* arrived.splice(0);
    }
    parser.feed(decoder.decode());
    parser.reset({ consume: true });
    yield* arrived.splice(0);
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * The next chunk, unless the stream stays silent for `ms` (a ConnectionError) or
 * the caller aborts first (its abort reason). The caller's own signal is watched
 * here too, so an abort never depends on how the fetch forwards it.
 */
async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  signal?.throwIfAborted();
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ConnectionError(`The event stream was silent for ${ms} ms.`)),
      ms,
    );
    onAbort = () => reject(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([reader.read(), stopped]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}
