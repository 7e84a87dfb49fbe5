import type { HandlerRegistry } from "../http/handler.js";
import { actOnApiKey } from "./api-keys/act-on-api-key.js";
import { createApiKey } from "./api-keys/create-api-key.js";
import { listApiKeys } from "./api-keys/list-api-keys.js";
import { createSession } from "./auth/create-session.js";
import { deleteCurrentSession } from "./auth/delete-current-session.js";
import { getMe } from "./auth/get-me.js";
import { verifySignInToken } from "./auth/verify-sign-in-token.js";
import { billingHandlers } from "./billing/index.js";
import { chatHandlers } from "./chat/index.js";
import { connectionHandlers } from "./connections/index.js";
import { credentialHandlers } from "./credentials/index.js";
import { creditHandlers } from "./credits/index.js";
import { deviceAuthHandlers } from "./device-auth/index.js";
import { mcpHandlers } from "./mcp/index.js";
import { getMetricsPlan } from "./metrics/get-metrics-plan.js";
import { getMetricsTimeSeries } from "./metrics/get-metrics-timeseries.js";
import { getMetricsWindow } from "./metrics/get-metrics-window.js";
import { getSurfaceGap } from "./metrics/get-surface-gap.js";
import { getWorkspaceMetrics } from "./metrics/get-workspace-metrics.js";
import { getWorkspaceScoreboard } from "./metrics/get-workspace-scoreboard.js";
import { listAnswers } from "./metrics/list-answers.js";
import { listMetricChanges } from "./metrics/list-metric-changes.js";
import { listMetricConfirmations } from "./metrics/list-metric-confirmations.js";
import { listModels } from "./models/list-models.js";
import { pageEvaluationHandlers } from "./page-evaluations/index.js";
import { promptGenerationHandlers } from "./prompt-generation/index.js";
import { promptSuggestionHandlers } from "./prompt-suggestions/index.js";
import { promptHandlers } from "./prompts/index.js";
import { recommendationHandlers } from "./recommendations/index.js";
import { reportHandlers } from "./reports/index.js";
import { researchHandlers } from "./research/index.js";
import { runHandlers } from "./runs/index.js";
import { seoHandlers } from "./seo/index.js";
import { sourcesHandlers } from "./sources/index.js";
import { getHealth } from "./system/get-health.js";
import { getOpenApiDocument } from "./system/get-openapi-document.js";
import { teamHandlers } from "./team/index.js";
import { workspaceConfigHandlers } from "./workspace-config/index.js";
import { backfillWorkspaceInbox } from "./workspaces/backfill-workspace-inbox.js";
import { createWorkspaceService } from "./workspaces/create-workspace.js";
import { getWorkspace } from "./workspaces/get-workspace.js";
import { listWorkspaces } from "./workspaces/list-workspaces.js";

/** Every implemented operation. Operations of the contract missing here answer 501. */
export const handlers: HandlerRegistry = {
  getHealth,
  getOpenApiDocument,
  createSession,
  verifySignInToken,
  deleteCurrentSession,
  getMe,
  listModels,
  createWorkspaceService,
  listWorkspaces,
  getWorkspace,
  backfillWorkspaceInbox,
  getWorkspaceMetrics,
  getWorkspaceScoreboard,
  getMetricsTimeSeries,
  getSurfaceGap,
  getMetricsPlan,
  getMetricsWindow,
  listAnswers,
  listMetricChanges,
  listMetricConfirmations,
  listApiKeys,
  createApiKey,
  actOnApiKey,
  ...deviceAuthHandlers,
  ...mcpHandlers,
  ...teamHandlers,
  ...workspaceConfigHandlers,
  ...promptHandlers,
  ...promptGenerationHandlers,
  ...promptSuggestionHandlers,
  ...researchHandlers,
  ...chatHandlers,
  ...seoHandlers,
  ...sourcesHandlers,
  ...credentialHandlers,
  ...connectionHandlers,
  ...billingHandlers,
  ...creditHandlers,
  ...runHandlers,
  ...recommendationHandlers,
  ...pageEvaluationHandlers,
  ...reportHandlers,
};
