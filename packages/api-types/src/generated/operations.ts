// Generated from spec/openapi.yaml by scripts/generate.mjs. Do not edit.

export const operations = {
  "getHealth": {
    "method": "GET",
    "path": "/api/v1/health",
    "idempotencyKey": null
  },
  "getOpenApiDocument": {
    "method": "GET",
    "path": "/api/v1/openapi.json",
    "idempotencyKey": null
  },
  "createSession": {
    "method": "POST",
    "path": "/api/v1/auth/sessions",
    "idempotencyKey": null
  },
  "verifySignInToken": {
    "method": "POST",
    "path": "/api/v1/auth/sessions/verify",
    "idempotencyKey": null
  },
  "deleteCurrentSession": {
    "method": "DELETE",
    "path": "/api/v1/auth/sessions/current",
    "idempotencyKey": null
  },
  "getMe": {
    "method": "GET",
    "path": "/api/v1/me",
    "idempotencyKey": null
  },
  "listModels": {
    "method": "GET",
    "path": "/api/v1/models",
    "idempotencyKey": null
  },
  "listWorkspaces": {
    "method": "GET",
    "path": "/api/v1/workspaces",
    "idempotencyKey": null
  },
  "createWorkspaceService": {
    "method": "POST",
    "path": "/api/v1/workspaces",
    "idempotencyKey": null
  },
  "getWorkspace": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}",
    "idempotencyKey": null
  },
  "backfillWorkspaceInbox": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/email/backfill",
    "idempotencyKey": null
  },
  "getWorkspaceMetrics": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/metrics",
    "idempotencyKey": null
  },
  "getWorkspaceScoreboard": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/scoreboard",
    "idempotencyKey": null
  },
  "getMetricsTimeSeries": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/metrics/timeseries",
    "idempotencyKey": null
  },
  "listMetricChanges": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/metrics/changes",
    "idempotencyKey": null
  },
  "listMetricConfirmations": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/metrics/confirmations",
    "idempotencyKey": null
  },
  "getSurfaceGap": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/metrics/surface-gap",
    "idempotencyKey": null
  },
  "getMetricsWindow": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/metrics/window",
    "idempotencyKey": null
  },
  "getMetricsPlan": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/metrics/plan",
    "idempotencyKey": null
  },
  "listAnswers": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/answers",
    "idempotencyKey": null
  },
  "listSources": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/sources",
    "idempotencyKey": null
  },
  "getSource": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/sources/{domain}",
    "idempotencyKey": null
  },
  "listWorkspaceCredentials": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/credentials",
    "idempotencyKey": null
  },
  "setWorkspaceCredential": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/credentials",
    "idempotencyKey": null
  },
  "deleteWorkspaceCredential": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/credentials/{connector}/{key}",
    "idempotencyKey": null
  },
  "revealWorkspaceCredential": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/credentials/{connector}/{key}/reveal",
    "idempotencyKey": null
  },
  "acceptInvitation": {
    "method": "POST",
    "path": "/api/v1/invitations/{token}/accept",
    "idempotencyKey": null
  },
  "listMembers": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/members",
    "idempotencyKey": null
  },
  "updateMember": {
    "method": "PATCH",
    "path": "/api/v1/workspaces/{workspace}/members/{memberId}",
    "idempotencyKey": null
  },
  "removeMember": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/members/{memberId}",
    "idempotencyKey": null
  },
  "listInvitations": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/invitations",
    "idempotencyKey": null
  },
  "inviteMember": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/invitations",
    "idempotencyKey": null
  },
  "revokeInvitation": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/invitations/{invitationId}",
    "idempotencyKey": null
  },
  "listApiKeys": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/api-keys",
    "idempotencyKey": null
  },
  "createApiKey": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/api-keys",
    "idempotencyKey": "body"
  },
  "actOnApiKey": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/api-keys/{keyId}",
    "idempotencyKey": "body"
  },
  "startDeviceAuthorization": {
    "method": "POST",
    "path": "/api/v1/device-authorizations",
    "idempotencyKey": null
  },
  "getDeviceAuthorization": {
    "method": "GET",
    "path": "/api/v1/device-authorizations/{code}",
    "idempotencyKey": null
  },
  "approveDeviceAuthorization": {
    "method": "POST",
    "path": "/api/v1/device-authorizations/{code}/approve",
    "idempotencyKey": null
  },
  "denyDeviceAuthorization": {
    "method": "POST",
    "path": "/api/v1/device-authorizations/{code}/deny",
    "idempotencyKey": null
  },
  "exchangeDeviceCode": {
    "method": "POST",
    "path": "/api/v1/device-authorizations/{code}/token",
    "idempotencyKey": null
  },
  "getCreditBalance": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/credits/balance",
    "idempotencyKey": null
  },
  "getCreditUsage": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/credits/usage",
    "idempotencyKey": null
  },
  "mockTopUp": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/credits/top-up",
    "idempotencyKey": "body"
  },
  "createCheckoutSession": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/billing/checkout",
    "idempotencyKey": null
  },
  "getBillingStatus": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/billing/status",
    "idempotencyKey": null
  },
  "receiveStripeWebhook": {
    "method": "POST",
    "path": "/api/v1/webhooks/stripe",
    "idempotencyKey": null
  },
  "listConnections": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/connections",
    "idempotencyKey": null
  },
  "configureConnections": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/connections/configure",
    "idempotencyKey": null
  },
  "startConnectionOAuth": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/connections/oauth/start",
    "idempotencyKey": null
  },
  "disconnectConnection": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/connections/{provider}",
    "idempotencyKey": null
  },
  "testConnection": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/connections/{provider}/test",
    "idempotencyKey": null
  },
  "connectionOAuthCallback": {
    "method": "GET",
    "path": "/api/v1/connections/oauth/callback",
    "idempotencyKey": null
  },
  "getWorkspaceSettings": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/settings",
    "idempotencyKey": null
  },
  "updateWorkspaceSettings": {
    "method": "PATCH",
    "path": "/api/v1/workspaces/{workspace}/settings",
    "idempotencyKey": null
  },
  "getBrandProfile": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/profile",
    "idempotencyKey": null
  },
  "putBrandProfile": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspace}/profile",
    "idempotencyKey": null
  },
  "getMeasurementModel": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/model",
    "idempotencyKey": null
  },
  "putMeasurementModel": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspace}/model",
    "idempotencyKey": null
  },
  "listCompetitors": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/competitors",
    "idempotencyKey": null
  },
  "createCompetitor": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/competitors",
    "idempotencyKey": null
  },
  "getCompetitor": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/competitors/{competitorId}",
    "idempotencyKey": null
  },
  "updateCompetitor": {
    "method": "PATCH",
    "path": "/api/v1/workspaces/{workspace}/competitors/{competitorId}",
    "idempotencyKey": null
  },
  "deleteCompetitor": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/competitors/{competitorId}",
    "idempotencyKey": null
  },
  "listPrompts": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/prompts",
    "idempotencyKey": null
  },
  "createPrompt": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/prompts",
    "idempotencyKey": null
  },
  "importPrompts": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/prompts/import",
    "idempotencyKey": null
  },
  "getActivePromptSet": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/prompts/active-set",
    "idempotencyKey": null
  },
  "getPrompt": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/prompts/{promptId}",
    "idempotencyKey": null
  },
  "updatePrompt": {
    "method": "PATCH",
    "path": "/api/v1/workspaces/{workspace}/prompts/{promptId}",
    "idempotencyKey": null
  },
  "deletePrompt": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/prompts/{promptId}",
    "idempotencyKey": null
  },
  "getPromptVisibility": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/prompts/{promptId}/visibility",
    "idempotencyKey": null
  },
  "listRuns": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/runs",
    "idempotencyKey": null
  },
  "startRun": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/runs",
    "idempotencyKey": "body"
  },
  "getRun": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/runs/{runId}",
    "idempotencyKey": null
  },
  "estimateRun": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/run-estimate",
    "idempotencyKey": null
  },
  "getRunSchedule": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/run-schedule",
    "idempotencyKey": null
  },
  "putRunSchedule": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspace}/run-schedule",
    "idempotencyKey": null
  },
  "deleteRunSchedule": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/run-schedule",
    "idempotencyKey": null
  },
  "cancelRun": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/runs/{runId}/cancel",
    "idempotencyKey": null
  },
  "listRunResponses": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/runs/{runId}/responses",
    "idempotencyKey": null
  },
  "listPromptGenerations": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/prompt-generations",
    "idempotencyKey": null
  },
  "startPromptGeneration": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/prompt-generations",
    "idempotencyKey": "body"
  },
  "getPromptGeneration": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/prompt-generations/{generationId}",
    "idempotencyKey": null
  },
  "listResearchJobs": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/research",
    "idempotencyKey": null
  },
  "startResearch": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/research",
    "idempotencyKey": "body"
  },
  "getResearchJob": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/research/{researchId}",
    "idempotencyKey": null
  },
  "startSeoRefresh": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/seo/refresh",
    "idempotencyKey": "body"
  },
  "getSeoTraffic": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/seo/traffic",
    "idempotencyKey": null
  },
  "getSeoLandingPages": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/seo/landing-pages",
    "idempotencyKey": null
  },
  "listSeoQueries": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/seo/queries",
    "idempotencyKey": null
  },
  "suggestPromptsFromSearchConsole": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/seo/query-suggestions",
    "idempotencyKey": null
  },
  "getSeoCorrelation": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/seo/correlation",
    "idempotencyKey": null
  },
  "listSeoRefreshes": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/seo/refreshes",
    "idempotencyKey": null
  },
  "getSeoRefresh": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/seo/refreshes/{refreshId}",
    "idempotencyKey": null
  },
  "listPromptSuggestions": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/prompt-suggestions",
    "idempotencyKey": null
  },
  "acceptPromptSuggestions": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/prompt-suggestions/accept",
    "idempotencyKey": null
  },
  "acceptPromptSuggestion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/prompt-suggestions/{suggestionId}/accept",
    "idempotencyKey": null
  },
  "dismissPromptSuggestion": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/prompt-suggestions/{suggestionId}/dismiss",
    "idempotencyKey": null
  },
  "listRecommendations": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/recommendations",
    "idempotencyKey": null
  },
  "deriveRecommendations": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/recommendations/derive",
    "idempotencyKey": null
  },
  "getRecommendation": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}",
    "idempotencyKey": null
  },
  "acceptRecommendation": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/accept",
    "idempotencyKey": "body"
  },
  "startRecommendation": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/start",
    "idempotencyKey": "body"
  },
  "completeRecommendation": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/done",
    "idempotencyKey": "body"
  },
  "dismissRecommendation": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/dismiss",
    "idempotencyKey": "body"
  },
  "reviewRecommendation": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/review",
    "idempotencyKey": "body"
  },
  "getReportCatalog": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/report-catalog",
    "idempotencyKey": null
  },
  "listReports": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/reports",
    "idempotencyKey": null
  },
  "getReport": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/reports/{reportId}",
    "idempotencyKey": null
  },
  "listReportShareLinks": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/reports/{reportId}/share-links",
    "idempotencyKey": null
  },
  "createReportShareLink": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/reports/{reportId}/share-links",
    "idempotencyKey": null
  },
  "revokeReportShareLink": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/reports/{reportId}/share-links/{linkId}",
    "idempotencyKey": null
  },
  "getSharedReport": {
    "method": "GET",
    "path": "/api/v1/shared-reports/{token}",
    "idempotencyKey": null
  },
  "getReportSchedule": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/report-schedule",
    "idempotencyKey": null
  },
  "putReportSchedule": {
    "method": "PUT",
    "path": "/api/v1/workspaces/{workspace}/report-schedule",
    "idempotencyKey": null
  },
  "deleteReportSchedule": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/report-schedule",
    "idempotencyKey": null
  },
  "listPageEvaluations": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/page-evaluations",
    "idempotencyKey": null
  },
  "startPageEvaluation": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/page-evaluations",
    "idempotencyKey": "body"
  },
  "getPageEvaluation": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/page-evaluations/{evaluationId}",
    "idempotencyKey": null
  },
  "listChatThreads": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/chat/threads",
    "idempotencyKey": null
  },
  "createChatThread": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/chat/threads",
    "idempotencyKey": null
  },
  "getChatThread": {
    "method": "GET",
    "path": "/api/v1/workspaces/{workspace}/chat/threads/{threadId}",
    "idempotencyKey": null
  },
  "renameChatThread": {
    "method": "PATCH",
    "path": "/api/v1/workspaces/{workspace}/chat/threads/{threadId}",
    "idempotencyKey": null
  },
  "deleteChatThread": {
    "method": "DELETE",
    "path": "/api/v1/workspaces/{workspace}/chat/threads/{threadId}",
    "idempotencyKey": null
  },
  "sendChatMessage": {
    "method": "POST",
    "path": "/api/v1/workspaces/{workspace}/chat/threads/{threadId}/messages",
    "idempotencyKey": "header"
  },
  "postMcpMessage": {
    "method": "POST",
    "path": "/api/v1/mcp",
    "idempotencyKey": null
  }
} as const;
