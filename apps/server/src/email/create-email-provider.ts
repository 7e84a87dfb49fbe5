import type { Config } from "../config.js";
import { AgentMailProvider } from "./agentmail-provider.js";
import { type EmailProvider, unconfiguredEmailProvider } from "./email-provider.js";

export function createEmailProvider(config: Config): EmailProvider {
  const { agentmailApiKey, agentmailBaseUrl, inboxDomain, senderInbox } = config.email;
  if (!agentmailApiKey) return unconfiguredEmailProvider;
  return new AgentMailProvider({
    apiKey: agentmailApiKey,
    baseUrl: agentmailBaseUrl,
    inboxDomain,
    senderInbox,
  });
}
