/** The email provider: workspace inboxes, and messages (sign-in links, invitations). */
export interface EmailProvider {
  /** False when no provider is configured; nothing can be sent then. */
  readonly configured: boolean;
  createInbox(input: CreateInboxInput): Promise<CreateInboxResult>;
  /** Throws EmailDeliveryError when the provider refuses or cannot be reached. */
  sendMessage(input: EmailMessage): Promise<void>;
}

export interface CreateInboxInput {
  username: string;
  displayName: string;
  /** Our id for the inbox, so a retried creation returns the same inbox. */
  clientId: string;
}

export type CreateInboxResult =
  | { kind: "created"; inboxId: string; email: string }
  | { kind: "conflict"; message: string }
  | { kind: "failed"; retryable: boolean; message: string };

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class EmailDeliveryError extends Error {
  override name = "EmailDeliveryError";
}

/** Used when no provider is configured. */
export const unconfiguredEmailProvider: EmailProvider = {
  configured: false,
  async createInbox() {
    return { kind: "failed", retryable: false, message: "No email provider is configured." };
  },
  async sendMessage() {
    throw new EmailDeliveryError("No email provider is configured.");
  },
};
