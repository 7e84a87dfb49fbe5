import type { ApiKeyActionResult, RequestBody } from "@geopulse/api-types";
import type { SessionPrincipal } from "../../http/principal.js";
import type { WorkspaceOperation } from "../operation.js";
import { acknowledgeApiKey } from "./acknowledge-api-key.js";
import { confirmKeyRotation } from "./confirm-key-rotation.js";
import { resumeKeyDelivery } from "./resume-key-delivery.js";
import { revokeApiKey } from "./revoke-api-key.js";
import { rotateApiKey } from "./rotate-api-key.js";

export interface KeyActionOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  keyId: string;
  input: RequestBody<"actOnApiKey">;
}

const actions = {
  "resume-delivery": resumeKeyDelivery,
  acknowledge: acknowledgeApiKey,
  rotate: rotateApiKey,
  "confirm-rotation": confirmKeyRotation,
  revoke: revokeApiKey,
} satisfies Record<
  RequestBody<"actOnApiKey">["action"],
  (o: KeyActionOptions) => Promise<ApiKeyActionResult>
>;

/** The lifecycle of the specification's key table, one action per file. */
export function actOnApiKey(options: KeyActionOptions): Promise<ApiKeyActionResult> {
  return actions[options.input.action](options);
}
