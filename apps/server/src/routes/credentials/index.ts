import type { HandlerRegistry } from "../../http/handler.js";
import { deleteWorkspaceCredential } from "./delete-workspace-credential.js";
import { listWorkspaceCredentials } from "./list-workspace-credentials.js";
import { revealWorkspaceCredential } from "./reveal-workspace-credential.js";
import { setWorkspaceCredential } from "./set-workspace-credential.js";

/** Stored connector credential operations. */
export const credentialHandlers: HandlerRegistry = {
  listWorkspaceCredentials,
  setWorkspaceCredential,
  deleteWorkspaceCredential,
  revealWorkspaceCredential,
};
