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

/** The body of an answer: JSON when it parses, else its text. */
export async function responseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
