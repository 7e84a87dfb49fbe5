export {
  type ChatQuestion,
  type ChatTurnOptions,
  ChatTurnStream,
  type ChatTurns,
} from "./chat-turn.js";
export type { ClientOptions, RawClient } from "./client.js";
export { createRawClient, defaultBaseUrl, sdkVersion, unwrap } from "./client.js";
export {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  errorFromResponse,
  GeoPulseError,
  InsufficientCreditsError,
  InvalidRequestError,
  type KnownErrorCode,
  NotFoundError,
  PermissionError,
  RateLimitError,
} from "./errors.js";
export { type GeneratedNamespaces, sdkOperations } from "./generated/namespaces.js";
export { createClient, type GeoPulse, type ReportFile } from "./geopulse.js";
export type { OperationSpec } from "./namespaces.js";
export type {
  Body,
  Item,
  ListOptions,
  PagedList,
  PathParam,
  Query,
  Result,
} from "./operation-types.js";
export { type Page, paginate } from "./paginate.js";
