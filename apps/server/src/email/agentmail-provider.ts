import type {
  CreateInboxInput,
  CreateInboxResult,
  EmailMessage,
  EmailProvider,
} from "./email-provider.js";
import { EmailDeliveryError } from "./email-provider.js";

export interface AgentMailOptions {
  apiKey: string;
  baseUrl: string;
  /** Domain for new inboxes; the provider's default when undefined. */
  inboxDomain: string | undefined;
  /** Inbox id that sends our messages. */
  senderInbox: string | undefined;
  timeoutMs?: number;
}

interface AgentMailInbox {
  inbox_id: string;
  email?: string;
}

/** AgentMail over its REST API (`/v0/inboxes`, `/v0/inboxes/{id}/messages/send`). */
export class AgentMailProvider implements EmailProvider {
  readonly configured = true;

  constructor(private readonly options: AgentMailOptions) {}

  async createInbox(input: CreateInboxInput): Promise<CreateInboxResult> {
    let response: Response;
    try {
      response = await this.request("/v0/inboxes", {
        username: input.username,
        ...(this.options.inboxDomain ? { domain: this.options.inboxDomain } : {}),
        display_name: input.displayName,
        client_id: input.clientId,
      });
    } catch (error) {
      return {
        kind: "failed",
        retryable: true,
        message: `Provider unreachable: ${describe(error)}`,
      };
    }
    if (response.ok) {
      const inbox = (await response.json()) as AgentMailInbox;
      return { kind: "created", inboxId: inbox.inbox_id, email: inbox.email ?? inbox.inbox_id };
    }
    const detail = await errorText(response);
    if (response.status === 409) {
      return {
        kind: "conflict",
        message: `The inbox name ${input.username} is taken. ${detail}`.trim(),
      };
    }
    return {
      kind: "failed",
      retryable: response.status === 429 || response.status >= 500,
      message: `Provider answered ${response.status}. ${detail}`.trim(),
    };
  }

  async sendMessage(message: EmailMessage): Promise<void> {
    const sender = this.options.senderInbox;
    if (!sender) throw new EmailDeliveryError("GEO_EMAIL_SENDER_INBOX is not configured.");
    let response: Response;
    try {
      response = await this.request(`/v0/inboxes/${encodeURIComponent(sender)}/messages/send`, {
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (error) {
      throw new EmailDeliveryError(`Provider unreachable: ${describe(error)}`);
    }
    if (!response.ok) {
      throw new EmailDeliveryError(
        `Provider answered ${response.status}. ${await errorText(response)}`,
      );
    }
  }

  private request(path: string, body: unknown): Promise<Response> {
    return fetch(`${this.options.baseUrl}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${this.options.apiKey}`,
        "content-type": "application/json",
        accept: "application/json",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The provider's error message, bounded, without echoing anything we sent. */
async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown; name?: unknown };
    const text = typeof body.message === "string" ? body.message : "";
    return text.slice(0, 200);
  } catch {
    return "";
  }
}
