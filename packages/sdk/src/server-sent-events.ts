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
      const { done, value } = await readWithin(reader, idleTimeoutMs);
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

async function readWithin(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  ms: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ConnectionError(`The event stream was silent for ${ms} ms.`)),
      ms,
    );
  });
  try {
    return await Promise.race([reader.read(), silence]);
  } finally {
    clearTimeout(timer);
  }
}
