import type { AppContext } from "../../context.js";
import type { ApiKeyPrincipal } from "../../http/principal.js";

export const apiKeyPattern = /^gp_live_[A-Za-z0-9_-]{43}$/;

export interface ResolveApiKeyOptions {
  ctx: AppContext;
  secret: string;
}

/**
 * The key principal for a well-formed secret. API keys are issued by the
 * identity-and-access work (issue 3); until then no secret resolves, so every
 * bearer request answers 401 invalid_key.
 */
export async function resolveApiKey(
  _options: ResolveApiKeyOptions,
): Promise<ApiKeyPrincipal | undefined> {
  return undefined;
}
