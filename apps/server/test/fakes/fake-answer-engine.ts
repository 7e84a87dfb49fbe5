import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedEngineRequest {
  method: string;
  /** Path and query, as received. */
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
}

export type FakeReply =
  /** `raw`: the body is sent as the string it is (a broken JSON answer). */
  | { status: number; body: unknown; headers?: Record<string, string>; raw?: boolean }
  | { hang: true }
  | "drop";

/**
 * A local stand-in for one answer-engine provider: records every request and
 * answers queued replies first (errors, hangs, dropped connections), then the
 * provider-shaped success that `answer` builds from the request.
 */
export class FakeAnswerEngine {
  readonly requests: RecordedEngineRequest[] = [];
  readonly replies: FakeReply[] = [];
  /** Models this provider no longer serves, with its documented refusal (see `retiredModelReply`). */
  readonly retired = new Map<
    string,
    { status: number; body: unknown; headers?: Record<string, string> }
  >();
  url = "";
  /** Every reply waits this long (a provider's fixed latency, for benchmarks and kill tests). */
  latencyMs = 0;
  private server: Server | undefined;
  private readonly hanging = new Set<IncomingMessage>();

  constructor(
    private readonly answer: (request: RecordedEngineRequest, index: number) => unknown,
  ) {}

  /** The next `times` requests answer this status and body. */
  fail(status: number, body: unknown, times = 1, headers?: Record<string, string>): void {
    for (let i = 0; i < times; i++)
      this.replies.push({ status, body, ...(headers ? { headers } : {}) });
  }

  /** The next request never answers (for timeouts). */
  hang(): void {
    this.replies.push({ hang: true });
  }

  drop(): void {
    this.replies.push("drop");
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {}
        const recorded: RecordedEngineRequest = {
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body,
        };
        const index = this.requests.push(recorded) - 1;
        const reply = this.replies.shift();
        if (reply === "drop") {
          req.socket.destroy();
          return;
        }
        if (reply && "hang" in reply) {
          this.hanging.add(req);
          return;
        }
        const retired = this.retired.get(requestedModel(recorded) ?? "");
        const out = reply ?? retired ?? { status: 200, body: this.answer(recorded, index) };
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(out.status, {
            "content-type": "application/json",
            ...(out.headers ?? {}),
          });
          res.end("raw" in out && out.raw ? String(out.body) : JSON.stringify(out.body));
        };
        if (this.latencyMs > 0) setTimeout(send, this.latencyMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const req of this.hanging) req.socket.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** The model a request names: in the body (OpenAI, Anthropic, Perplexity) or Gemini's URL path. */
function requestedModel(request: RecordedEngineRequest): string | undefined {
  if (typeof request.body?.model === "string") return request.body.model;
  return /\/models\/([^/:]+):/.exec(request.path)?.[1];
}

// The providers' success answers live in provider-responses.ts (re-exported for the tests).
export { sentLocale } from "./fake-locale.js";
export {
  anthropicResponse,
  exaCostDollars,
  exaResponse,
  geminiResponse,
  openAiResponse,
  perplexityResponse,
} from "./provider-responses.js";
