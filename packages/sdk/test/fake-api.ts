import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

type Reply =
  | {
      status: number;
      body?: unknown;
      headers?: Record<string, string>;
      raw?: Uint8Array;
      /** Written one after another as a `text/event-stream` body (see `sse`). */
      chunks?: string[];
      /** After the chunks: "hang up" drops the connection, "stall" keeps it open, silent. */
      ending?: "end" | "hang up" | "stall";
    }
  | "drop";

/** One Server-Sent Event as a server writes it. */
export const sse = (data: { type: string }) =>
  `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`;

/** A local HTTP server that answers from a script, to exercise retries and errors. */
export class FakeApi {
  readonly seen: Seen[] = [];
  readonly replies: Reply[] = [];
  fallback: Reply = { status: 200, body: {} };
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      this.seen.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const reply = this.replies.shift() ?? this.fallback;
      if (reply === "drop") {
        req.socket.destroy();
        return;
      }
      if (reply.chunks) {
        res.writeHead(reply.status, { "content-type": "text/event-stream", ...reply.headers });
        for (const chunk of reply.chunks) {
          res.write(chunk);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        if (reply.ending === "hang up") req.socket.destroy();
        else if (reply.ending !== "stall") res.end();
        return;
      }
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      if (reply.raw) res.end(reply.raw);
      else res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

export const envelope = (code: string, requestId = "req_fake") => ({
  error: { code, message: `${code} happened`, requestId },
});
