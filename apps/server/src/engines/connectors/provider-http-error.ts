/**
 * An HTTP answer a hand-written provider client refuses (any status but 2xx): its status,
 * headers and body (parsed JSON when it is JSON, else the text), for `toEngineError`.
 */
export class ProviderHttpError extends Error {
  override name = "ProviderHttpError";
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The body of an answer, at most `maxBytes` of it: JSON when it parses, else its text. */
export async function responseBody(response: Response, maxBytes: number): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body?.cancel();
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An answer longer than a client reads. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`the answer is longer than ${maxBytes} bytes`);
  }
}
