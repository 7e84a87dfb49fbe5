import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: any;
}

type Reply = { status: number; body: unknown } | "drop";

/**
 * A local stand-in for AgentMail that speaks its wire format
 * (`POST /v0/inboxes`, `POST /v0/inboxes/{id}/messages/send`). Tests queue the
 * replies; with none queued it succeeds like the real service.
 */
export class FakeAgentMail {
  readonly requests: RecordedRequest[] = [];
  readonly inboxReplies: Reply[] = [];
  readonly sendReplies: Reply[] = [];
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      const body = await readJson(req);
      const path = req.url ?? "";
      this.requests.push({
        method: req.method ?? "",
        path,
        authorization: req.headers.authorization,
        body,
      });
      const isInbox = req.method === "POST" && path === "/v0/inboxes";
      const isSend = req.method === "POST" && /^\/v0\/inboxes\/[^/]+\/messages\/send$/.test(path);
      let reply: Reply | undefined;
      if (isInbox) {
        reply = this.inboxReplies.shift() ?? {
          status: 200,
          body: {
            inbox_id: `${body.username}@${body.domain ?? "agentmail.to"}`,
            pod_id: "pod_1",
            display_name: body.display_name,
            client_id: body.client_id,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
        };
      } else if (isSend) {
        reply = this.sendReplies.shift() ?? {
          status: 200,
          body: { message_id: "msg_1", thread_id: "thr_1" },
        };
      } else {
        reply = { status: 404, body: { name: "NotFoundError", message: "Route not found" } };
      }
      if (reply === "drop") {
        res.socket?.destroy();
        return;
      }
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The server environment that sends mail through this fake from `senderInbox`. */
  env(senderInbox: string): Record<string, string> {
    return {
      GEO_PUBLIC_URL: "https://app.geopulse.test",
      AGENTMAIL_API_KEY: "am_test_key",
      AGENTMAIL_BASE_URL: this.url,
      GEO_EMAIL_SENDER_INBOX: senderInbox,
    };
  }

  sentMessages(): RecordedRequest[] {
    return this.requests.filter((request) => request.path.endsWith("/messages/send"));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? JSON.parse(text) : undefined;
}
