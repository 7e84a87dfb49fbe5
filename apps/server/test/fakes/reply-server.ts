import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedEngineRequest {
  method: string;
  /** Path and query, as received. */
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
}

/** An answer: its status and body (`raw`: sent as the string it is, a broken JSON answer). */
export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  raw?: boolean;
}

export type FakeReply = FakeAnswer | { hang: true } | "drop";

/**
 * What the providers' fakes share: a local HTTP server that records every request (its body
 * parsed as JSON when it is JSON), answers queued replies first (errors, hangs, dropped
 * connections), then what `answer` builds, each after `latencyMs`.
 */
export class ReplyServer {
  readonly requests: RecordedEngineRequest[] = [];
  readonly replies: FakeReply[] = [];
  url = "";
  /** Every reply waits this long (a provider's fixed latency, for benchmarks and kill tests). */
  latencyMs = 0;
  private server: Server | undefined;
  private readonly hanging = new Set<IncomingMessage>();

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

  /** Listens on a free loopback port; `answer` builds what no queued reply answers. */
  protected async listen(
    answer: (request: RecordedEngineRequest, index: number, raw: IncomingMessage) => FakeAnswer,
  ): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const recorded: RecordedEngineRequest = {
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body: parseJson(text),
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
        const out = reply ?? answer(recorded, index, req);
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(out.status, { "content-type": "application/json", ...out.headers });
          res.end(out.raw ? String(out.body) : JSON.stringify(out.body));
        };
        if (this.latencyMs > 0) setTimeout(send, this.latencyMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const req of this.hanging) req.socket.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** The body as JSON, or the text itself when it is not JSON (undefined when empty). */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
