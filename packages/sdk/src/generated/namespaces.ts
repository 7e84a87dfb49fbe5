// Generated from the contract by packages/sdk/scripts/generate.mjs. Do not edit.

import type { Body, ListOptions, PagedList, PathParam, Query, Result } from "../operation-types.js";

/** Every operation an API key can call, by namespace and method name. */
export const sdkOperations = {
  "answers": {
    "list": {
      "operationId": "listAnswers",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/answers",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    }
  },
  "auth": {
    "createSession": {
      "operationId": "createSession",
      "method": "POST",
      "path": "/api/v1/auth/sessions",
      "pathParams": [],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "getMe": {
      "operationId": "getMe",
      "method": "GET",
      "path": "/api/v1/me",
      "pathParams": [],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "verifySignInToken": {
      "operationId": "verifySignInToken",
      "method": "POST",
      "path": "/api/v1/auth/sessions/verify",
      "pathParams": [],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "chat": {
    "createThread": {
      "operationId": "createChatThread",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/chat/threads",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "deleteThread": {
      "operationId": "deleteChatThread",
      "method": "DELETE",
      "path": "/api/v1/workspaces/{workspace}/chat/threads/{threadId}",
      "pathParams": [
        "workspace",
        "threadId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "getThread": {
      "operationId": "getChatThread",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/chat/threads/{threadId}",
      "pathParams": [
        "workspace",
        "threadId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "listThreads": {
      "operationId": "listChatThreads",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/chat/threads",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "renameThread": {
      "operationId": "renameChatThread",
      "method": "PATCH",
      "path": "/api/v1/workspaces/{workspace}/chat/threads/{threadId}",
      "pathParams": [
        "workspace",
        "threadId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "sendMessage": {
      "operationId": "sendChatMessage",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/chat/threads/{threadId}/messages",
      "pathParams": [
        "workspace",
        "threadId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "competitors": {
    "create": {
      "operationId": "createCompetitor",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/competitors",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "delete": {
      "operationId": "deleteCompetitor",
      "method": "DELETE",
      "path": "/api/v1/workspaces/{workspace}/competitors/{competitorId}",
      "pathParams": [
        "workspace",
        "competitorId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "get": {
      "operationId": "getCompetitor",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/competitors/{competitorId}",
      "pathParams": [
        "workspace",
        "competitorId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listCompetitors",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/competitors",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "update": {
      "operationId": "updateCompetitor",
      "method": "PATCH",
      "path": "/api/v1/workspaces/{workspace}/competitors/{competitorId}",
      "pathParams": [
        "workspace",
        "competitorId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "connections": {
    "configure": {
      "operationId": "configureConnections",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/connections/configure",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "disconnect": {
      "operationId": "disconnectConnection",
      "method": "DELETE",
      "path": "/api/v1/workspaces/{workspace}/connections/{provider}",
      "pathParams": [
        "workspace",
        "provider"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listConnections",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/connections",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "test": {
      "operationId": "testConnection",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/connections/{provider}/test",
      "pathParams": [
        "workspace",
        "provider"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "credentials": {
    "list": {
      "operationId": "listWorkspaceCredentials",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/credentials",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "credits": {
    "getBalance": {
      "operationId": "getCreditBalance",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/credits/balance",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "getUsage": {
      "operationId": "getCreditUsage",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/credits/usage",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "deviceAuthorizations": {
    "exchangeCode": {
      "operationId": "exchangeDeviceCode",
      "method": "POST",
      "path": "/api/v1/device-authorizations/{code}/token",
      "pathParams": [
        "code"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "start": {
      "operationId": "startDeviceAuthorization",
      "method": "POST",
      "path": "/api/v1/device-authorizations",
      "pathParams": [],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "members": {
    "list": {
      "operationId": "listMembers",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/members",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    }
  },
  "metrics": {
    "get": {
      "operationId": "getWorkspaceMetrics",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/metrics",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "getPlan": {
      "operationId": "getMetricsPlan",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/metrics/plan",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "getScoreboard": {
      "operationId": "getWorkspaceScoreboard",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/scoreboard",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "getSurfaceGap": {
      "operationId": "getSurfaceGap",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/metrics/surface-gap",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "getTimeSeries": {
      "operationId": "getMetricsTimeSeries",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/metrics/timeseries",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "getWindow": {
      "operationId": "getMetricsWindow",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/metrics/window",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "listChanges": {
      "operationId": "listMetricChanges",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/metrics/changes",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "listConfirmations": {
      "operationId": "listMetricConfirmations",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/metrics/confirmations",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    }
  },
  "models": {
    "list": {
      "operationId": "listModels",
      "method": "GET",
      "path": "/api/v1/models",
      "pathParams": [],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "pageEvaluations": {
    "get": {
      "operationId": "getPageEvaluation",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/page-evaluations/{evaluationId}",
      "pathParams": [
        "workspace",
        "evaluationId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listPageEvaluations",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/page-evaluations",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "start": {
      "operationId": "startPageEvaluation",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/page-evaluations",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    }
  },
  "promptGenerations": {
    "get": {
      "operationId": "getPromptGeneration",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/prompt-generations/{generationId}",
      "pathParams": [
        "workspace",
        "generationId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listPromptGenerations",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/prompt-generations",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "start": {
      "operationId": "startPromptGeneration",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/prompt-generations",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    }
  },
  "promptSuggestions": {
    "accept": {
      "operationId": "acceptPromptSuggestion",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/prompt-suggestions/{suggestionId}/accept",
      "pathParams": [
        "workspace",
        "suggestionId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "acceptMany": {
      "operationId": "acceptPromptSuggestions",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/prompt-suggestions/accept",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "dismiss": {
      "operationId": "dismissPromptSuggestion",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/prompt-suggestions/{suggestionId}/dismiss",
      "pathParams": [
        "workspace",
        "suggestionId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listPromptSuggestions",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/prompt-suggestions",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    }
  },
  "prompts": {
    "create": {
      "operationId": "createPrompt",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/prompts",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "delete": {
      "operationId": "deletePrompt",
      "method": "DELETE",
      "path": "/api/v1/workspaces/{workspace}/prompts/{promptId}",
      "pathParams": [
        "workspace",
        "promptId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "get": {
      "operationId": "getPrompt",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/prompts/{promptId}",
      "pathParams": [
        "workspace",
        "promptId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "getActiveSet": {
      "operationId": "getActivePromptSet",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/prompts/active-set",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "getVisibility": {
      "operationId": "getPromptVisibility",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/prompts/{promptId}/visibility",
      "pathParams": [
        "workspace",
        "promptId"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "import": {
      "operationId": "importPrompts",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/prompts/import",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listPrompts",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/prompts",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "update": {
      "operationId": "updatePrompt",
      "method": "PATCH",
      "path": "/api/v1/workspaces/{workspace}/prompts/{promptId}",
      "pathParams": [
        "workspace",
        "promptId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "recommendations": {
    "accept": {
      "operationId": "acceptRecommendation",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/accept",
      "pathParams": [
        "workspace",
        "recommendationId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    },
    "complete": {
      "operationId": "completeRecommendation",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/done",
      "pathParams": [
        "workspace",
        "recommendationId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    },
    "derive": {
      "operationId": "deriveRecommendations",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/recommendations/derive",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "dismiss": {
      "operationId": "dismissRecommendation",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/dismiss",
      "pathParams": [
        "workspace",
        "recommendationId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    },
    "get": {
      "operationId": "getRecommendation",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}",
      "pathParams": [
        "workspace",
        "recommendationId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listRecommendations",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/recommendations",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "start": {
      "operationId": "startRecommendation",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/recommendations/{recommendationId}/start",
      "pathParams": [
        "workspace",
        "recommendationId"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    }
  },
  "reportCatalog": {
    "get": {
      "operationId": "getReportCatalog",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/report-catalog",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "reportSchedule": {
    "get": {
      "operationId": "getReportSchedule",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/report-schedule",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "reports": {
    "get": {
      "operationId": "getReport",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/reports/{reportId}",
      "pathParams": [
        "workspace",
        "reportId"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listReports",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/reports",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    }
  },
  "research": {
    "get": {
      "operationId": "getResearchJob",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/research/{researchId}",
      "pathParams": [
        "workspace",
        "researchId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listResearchJobs",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/research",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "start": {
      "operationId": "startResearch",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/research",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    }
  },
  "runEstimate": {
    "estimate": {
      "operationId": "estimateRun",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/run-estimate",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "runSchedule": {
    "delete": {
      "operationId": "deleteRunSchedule",
      "method": "DELETE",
      "path": "/api/v1/workspaces/{workspace}/run-schedule",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "get": {
      "operationId": "getRunSchedule",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/run-schedule",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "put": {
      "operationId": "putRunSchedule",
      "method": "PUT",
      "path": "/api/v1/workspaces/{workspace}/run-schedule",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "runs": {
    "cancel": {
      "operationId": "cancelRun",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/runs/{runId}/cancel",
      "pathParams": [
        "workspace",
        "runId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "get": {
      "operationId": "getRun",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/runs/{runId}",
      "pathParams": [
        "workspace",
        "runId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listRuns",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/runs",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "listResponses": {
      "operationId": "listRunResponses",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/runs/{runId}/responses",
      "pathParams": [
        "workspace",
        "runId"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "start": {
      "operationId": "startRun",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/runs",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    }
  },
  "seo": {
    "getCorrelation": {
      "operationId": "getSeoCorrelation",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/seo/correlation",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "getLandingPages": {
      "operationId": "getSeoLandingPages",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/seo/landing-pages",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "getRefresh": {
      "operationId": "getSeoRefresh",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/seo/refreshes/{refreshId}",
      "pathParams": [
        "workspace",
        "refreshId"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "getTraffic": {
      "operationId": "getSeoTraffic",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/seo/traffic",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "listQueries": {
      "operationId": "listSeoQueries",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/seo/queries",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "listRefreshes": {
      "operationId": "listSeoRefreshes",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/seo/refreshes",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    },
    "startRefresh": {
      "operationId": "startSeoRefresh",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/seo/refresh",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": true
    },
    "suggestPromptsFromSearchConsole": {
      "operationId": "suggestPromptsFromSearchConsole",
      "method": "POST",
      "path": "/api/v1/workspaces/{workspace}/seo/query-suggestions",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "settings": {
    "get": {
      "operationId": "getWorkspaceSettings",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/settings",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "getBrandProfile": {
      "operationId": "getBrandProfile",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/profile",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "getMeasurementModel": {
      "operationId": "getMeasurementModel",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/model",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "putBrandProfile": {
      "operationId": "putBrandProfile",
      "method": "PUT",
      "path": "/api/v1/workspaces/{workspace}/profile",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "putMeasurementModel": {
      "operationId": "putMeasurementModel",
      "method": "PUT",
      "path": "/api/v1/workspaces/{workspace}/model",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    },
    "update": {
      "operationId": "updateWorkspaceSettings",
      "method": "PATCH",
      "path": "/api/v1/workspaces/{workspace}/settings",
      "pathParams": [
        "workspace"
      ],
      "input": "body",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "sharedReports": {
    "get": {
      "operationId": "getSharedReport",
      "method": "GET",
      "path": "/api/v1/shared-reports/{token}",
      "pathParams": [
        "token"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "sources": {
    "get": {
      "operationId": "getSource",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/sources/{domain}",
      "pathParams": [
        "workspace",
        "domain"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listSources",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}/sources",
      "pathParams": [
        "workspace"
      ],
      "input": "query",
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "system": {
    "getHealth": {
      "operationId": "getHealth",
      "method": "GET",
      "path": "/api/v1/health",
      "pathParams": [],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "getOpenApiDocument": {
      "operationId": "getOpenApiDocument",
      "method": "GET",
      "path": "/api/v1/openapi.json",
      "pathParams": [],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    }
  },
  "workspaces": {
    "get": {
      "operationId": "getWorkspace",
      "method": "GET",
      "path": "/api/v1/workspaces/{workspace}",
      "pathParams": [
        "workspace"
      ],
      "input": null,
      "paginated": false,
      "idempotencyKey": false
    },
    "list": {
      "operationId": "listWorkspaces",
      "method": "GET",
      "path": "/api/v1/workspaces",
      "pathParams": [],
      "input": "query",
      "paginated": true,
      "idempotencyKey": false
    }
  }
} as const;

/** The generated resource methods of the client. */
export interface GeneratedNamespaces {
  answers: {
    /** The answers behind a metric (its drill-down) (`listAnswers`: GET /api/v1/workspaces/{workspace}/answers; scope runs:read) */
    list(workspace: PathParam<"listAnswers", "workspace">, options?: ListOptions<"listAnswers">): PagedList<"listAnswers">;
  };
  auth: {
    /** Sign in (`createSession`: POST /api/v1/auth/sessions) */
    createSession(body: Body<"createSession">): Promise<Result<"createSession">>;
    /** Who is calling (`getMe`: GET /api/v1/me) */
    getMe(): Promise<Result<"getMe">>;
    /** Complete sign-in with an emailed token (`verifySignInToken`: POST /api/v1/auth/sessions/verify) */
    verifySignInToken(body: Body<"verifySignInToken">): Promise<Result<"verifySignInToken">>;
  };
  chat: {
    /** Start a chat thread (`createChatThread`: POST /api/v1/workspaces/{workspace}/chat/threads; scope chat:write) */
    createThread(workspace: PathParam<"createChatThread", "workspace">, body: Body<"createChatThread">): Promise<Result<"createChatThread">>;
    /** Delete a chat thread and its messages (`deleteChatThread`: DELETE /api/v1/workspaces/{workspace}/chat/threads/{threadId}; scope chat:write) */
    deleteThread(workspace: PathParam<"deleteChatThread", "workspace">, threadId: PathParam<"deleteChatThread", "threadId">): Promise<Result<"deleteChatThread">>;
    /** A chat thread with its messages (`getChatThread`: GET /api/v1/workspaces/{workspace}/chat/threads/{threadId}; scope chat:read) */
    getThread(workspace: PathParam<"getChatThread", "workspace">, threadId: PathParam<"getChatThread", "threadId">): Promise<Result<"getChatThread">>;
    /** List chat threads (`listChatThreads`: GET /api/v1/workspaces/{workspace}/chat/threads; scope chat:read) */
    listThreads(workspace: PathParam<"listChatThreads", "workspace">, options?: ListOptions<"listChatThreads">): PagedList<"listChatThreads">;
    /** Rename a chat thread (`renameChatThread`: PATCH /api/v1/workspaces/{workspace}/chat/threads/{threadId}; scope chat:write) */
    renameThread(workspace: PathParam<"renameChatThread", "workspace">, threadId: PathParam<"renameChatThread", "threadId">, body: Body<"renameChatThread">): Promise<Result<"renameChatThread">>;
    /** Ask the assistant (one turn), streamed or not (`sendChatMessage`: POST /api/v1/workspaces/{workspace}/chat/threads/{threadId}/messages; scope chat:write) */
    sendMessage(workspace: PathParam<"sendChatMessage", "workspace">, threadId: PathParam<"sendChatMessage", "threadId">, body: Body<"sendChatMessage">): Promise<Result<"sendChatMessage">>;
  };
  competitors: {
    /** Add a competitor (`createCompetitor`: POST /api/v1/workspaces/{workspace}/competitors; scope settings:write) */
    create(workspace: PathParam<"createCompetitor", "workspace">, body: Body<"createCompetitor">): Promise<Result<"createCompetitor">>;
    /** Remove a competitor (`deleteCompetitor`: DELETE /api/v1/workspaces/{workspace}/competitors/{competitorId}; scope settings:write) */
    delete(workspace: PathParam<"deleteCompetitor", "workspace">, competitorId: PathParam<"deleteCompetitor", "competitorId">): Promise<Result<"deleteCompetitor">>;
    /** A competitor (`getCompetitor`: GET /api/v1/workspaces/{workspace}/competitors/{competitorId}; scope settings:read) */
    get(workspace: PathParam<"getCompetitor", "workspace">, competitorId: PathParam<"getCompetitor", "competitorId">): Promise<Result<"getCompetitor">>;
    /** List competitors (`listCompetitors`: GET /api/v1/workspaces/{workspace}/competitors; scope settings:read) */
    list(workspace: PathParam<"listCompetitors", "workspace">): Promise<Result<"listCompetitors">>;
    /** Change a competitor (`updateCompetitor`: PATCH /api/v1/workspaces/{workspace}/competitors/{competitorId}; scope settings:write) */
    update(workspace: PathParam<"updateCompetitor", "workspace">, competitorId: PathParam<"updateCompetitor", "competitorId">, body: Body<"updateCompetitor">): Promise<Result<"updateCompetitor">>;
  };
  connections: {
    /** Configure analytics and search-console connections (`configureConnections`: POST /api/v1/workspaces/{workspace}/connections/configure; scope connections:write) */
    configure(workspace: PathParam<"configureConnections", "workspace">, body: Body<"configureConnections">): Promise<Result<"configureConnections">>;
    /** Disconnect a provider (`disconnectConnection`: DELETE /api/v1/workspaces/{workspace}/connections/{provider}; scope connections:write) */
    disconnect(workspace: PathParam<"disconnectConnection", "workspace">, provider: PathParam<"disconnectConnection", "provider">): Promise<Result<"disconnectConnection">>;
    /** List the Search Console and GA4 connections (`listConnections`: GET /api/v1/workspaces/{workspace}/connections; scope connections:read) */
    list(workspace: PathParam<"listConnections", "workspace">): Promise<Result<"listConnections">>;
    /** Test a connection against Google (`testConnection`: POST /api/v1/workspaces/{workspace}/connections/{provider}/test; scope connections:test) */
    test(workspace: PathParam<"testConnection", "workspace">, provider: PathParam<"testConnection", "provider">): Promise<Result<"testConnection">>;
  };
  credentials: {
    /** List stored connector credentials (masked) (`listWorkspaceCredentials`: GET /api/v1/workspaces/{workspace}/credentials; scope connections:read) */
    list(workspace: PathParam<"listWorkspaceCredentials", "workspace">): Promise<Result<"listWorkspaceCredentials">>;
  };
  credits: {
    /** Credit balance (`getCreditBalance`: GET /api/v1/workspaces/{workspace}/credits/balance; scope credits:read) */
    getBalance(workspace: PathParam<"getCreditBalance", "workspace">): Promise<Result<"getCreditBalance">>;
    /** Usage ledger (`getCreditUsage`: GET /api/v1/workspaces/{workspace}/credits/usage; scope credits:read) */
    getUsage(workspace: PathParam<"getCreditUsage", "workspace">, query?: Query<"getCreditUsage">): Promise<Result<"getCreditUsage">>;
  };
  deviceAuthorizations: {
    /** Obtain the API key of an approved device authorization (`exchangeDeviceCode`: POST /api/v1/device-authorizations/{code}/token) */
    exchangeCode(code: PathParam<"exchangeDeviceCode", "code">): Promise<Result<"exchangeDeviceCode">>;
    /** Start device authorization (CLI login) (`startDeviceAuthorization`: POST /api/v1/device-authorizations) */
    start(body?: Body<"startDeviceAuthorization">): Promise<Result<"startDeviceAuthorization">>;
  };
  members: {
    /** List team members (`listMembers`: GET /api/v1/workspaces/{workspace}/members; scope workspace:read) */
    list(workspace: PathParam<"listMembers", "workspace">, options?: ListOptions<"listMembers">): PagedList<"listMembers">;
  };
  metrics: {
    /** Workspace metrics (`getWorkspaceMetrics`: GET /api/v1/workspaces/{workspace}/metrics; scope metrics:read) */
    get(workspace: PathParam<"getWorkspaceMetrics", "workspace">, query?: Query<"getWorkspaceMetrics">): Promise<Result<"getWorkspaceMetrics">>;
    /** What a measurement design buys, in precision and credits (`getMetricsPlan`: GET /api/v1/workspaces/{workspace}/metrics/plan; scope metrics:read, runs:read) */
    getPlan(workspace: PathParam<"getMetricsPlan", "workspace">, query?: Query<"getMetricsPlan">): Promise<Result<"getMetricsPlan">>;
    /** Scoreboard (`getWorkspaceScoreboard`: GET /api/v1/workspaces/{workspace}/scoreboard; scope metrics:read) */
    getScoreboard(workspace: PathParam<"getWorkspaceScoreboard", "workspace">, query?: Query<"getWorkspaceScoreboard">): Promise<Result<"getWorkspaceScoreboard">>;
    /** The gap between an assistant's surfaces over a period (`getSurfaceGap`: GET /api/v1/workspaces/{workspace}/metrics/surface-gap; scope metrics:read) */
    getSurfaceGap(workspace: PathParam<"getSurfaceGap", "workspace">, query?: Query<"getSurfaceGap">): Promise<Result<"getSurfaceGap">>;
    /** Daily metrics over a date range (`getMetricsTimeSeries`: GET /api/v1/workspaces/{workspace}/metrics/timeseries; scope metrics:read) */
    getTimeSeries(workspace: PathParam<"getMetricsTimeSeries", "workspace">, query: Query<"getMetricsTimeSeries">): Promise<Result<"getMetricsTimeSeries">>;
    /** Composite, visibility, share of voice, citations and recommendation over the last 7 or 28 days, against the window before (`getMetricsWindow`: GET /api/v1/workspaces/{workspace}/metrics/window; scope metrics:read) */
    getWindow(workspace: PathParam<"getMetricsWindow", "workspace">, query?: Query<"getMetricsWindow">): Promise<Result<"getMetricsWindow">>;
    /** Detected changes of visibility over a date range (`listMetricChanges`: GET /api/v1/workspaces/{workspace}/metrics/changes; scope metrics:read) */
    listChanges(workspace: PathParam<"listMetricChanges", "workspace">, options?: ListOptions<"listMetricChanges">): PagedList<"listMetricChanges">;
    /** Adaptive sampling's confirmations of borderline changes (`listMetricConfirmations`: GET /api/v1/workspaces/{workspace}/metrics/confirmations; scope metrics:read) */
    listConfirmations(workspace: PathParam<"listMetricConfirmations", "workspace">, options?: ListOptions<"listMetricConfirmations">): PagedList<"listMetricConfirmations">;
  };
  models: {
    /** The model catalog (`listModels`: GET /api/v1/models; scope settings:read) */
    list(): Promise<Result<"listModels">>;
  };
  pageEvaluations: {
    /** A page evaluation with its checks, scores and what a crawler sees (`getPageEvaluation`: GET /api/v1/workspaces/{workspace}/page-evaluations/{evaluationId}; scope reports:read) */
    get(workspace: PathParam<"getPageEvaluation", "workspace">, evaluationId: PathParam<"getPageEvaluation", "evaluationId">): Promise<Result<"getPageEvaluation">>;
    /** List page evaluations (`listPageEvaluations`: GET /api/v1/workspaces/{workspace}/page-evaluations; scope reports:read) */
    list(workspace: PathParam<"listPageEvaluations", "workspace">, options?: ListOptions<"listPageEvaluations">): PagedList<"listPageEvaluations">;
    /** Evaluate a page the way AI crawlers see it (`startPageEvaluation`: POST /api/v1/workspaces/{workspace}/page-evaluations; scope runs:write) */
    start(workspace: PathParam<"startPageEvaluation", "workspace">, body: Body<"startPageEvaluation">): Promise<Result<"startPageEvaluation">>;
  };
  promptGenerations: {
    /** A prompt generation with its progress (`getPromptGeneration`: GET /api/v1/workspaces/{workspace}/prompt-generations/{generationId}; scope prompts:read) */
    get(workspace: PathParam<"getPromptGeneration", "workspace">, generationId: PathParam<"getPromptGeneration", "generationId">): Promise<Result<"getPromptGeneration">>;
    /** List prompt generations (`listPromptGenerations`: GET /api/v1/workspaces/{workspace}/prompt-generations; scope prompts:read) */
    list(workspace: PathParam<"listPromptGenerations", "workspace">, options?: ListOptions<"listPromptGenerations">): PagedList<"listPromptGenerations">;
    /** Generate prompt suggestions with an LLM (`startPromptGeneration`: POST /api/v1/workspaces/{workspace}/prompt-generations; scope prompts:write) */
    start(workspace: PathParam<"startPromptGeneration", "workspace">, body: Body<"startPromptGeneration">): Promise<Result<"startPromptGeneration">>;
  };
  promptSuggestions: {
    /** Accept a suggestion into the prompts (`acceptPromptSuggestion`: POST /api/v1/workspaces/{workspace}/prompt-suggestions/{suggestionId}/accept; scope prompts:write) */
    accept(workspace: PathParam<"acceptPromptSuggestion", "workspace">, suggestionId: PathParam<"acceptPromptSuggestion", "suggestionId">, body?: Body<"acceptPromptSuggestion">): Promise<Result<"acceptPromptSuggestion">>;
    /** Accept several suggestions at once (`acceptPromptSuggestions`: POST /api/v1/workspaces/{workspace}/prompt-suggestions/accept; scope prompts:write) */
    acceptMany(workspace: PathParam<"acceptPromptSuggestions", "workspace">, body: Body<"acceptPromptSuggestions">): Promise<Result<"acceptPromptSuggestions">>;
    /** Dismiss a suggestion (`dismissPromptSuggestion`: POST /api/v1/workspaces/{workspace}/prompt-suggestions/{suggestionId}/dismiss; scope prompts:write) */
    dismiss(workspace: PathParam<"dismissPromptSuggestion", "workspace">, suggestionId: PathParam<"dismissPromptSuggestion", "suggestionId">): Promise<Result<"dismissPromptSuggestion">>;
    /** List prompt suggestions (`listPromptSuggestions`: GET /api/v1/workspaces/{workspace}/prompt-suggestions; scope prompts:read) */
    list(workspace: PathParam<"listPromptSuggestions", "workspace">, options?: ListOptions<"listPromptSuggestions">): PagedList<"listPromptSuggestions">;
  };
  prompts: {
    /** Add a prompt (`createPrompt`: POST /api/v1/workspaces/{workspace}/prompts; scope prompts:write) */
    create(workspace: PathParam<"createPrompt", "workspace">, body: Body<"createPrompt">): Promise<Result<"createPrompt">>;
    /** Delete a prompt (`deletePrompt`: DELETE /api/v1/workspaces/{workspace}/prompts/{promptId}; scope prompts:write) */
    delete(workspace: PathParam<"deletePrompt", "workspace">, promptId: PathParam<"deletePrompt", "promptId">): Promise<Result<"deletePrompt">>;
    /** A prompt (`getPrompt`: GET /api/v1/workspaces/{workspace}/prompts/{promptId}; scope prompts:read) */
    get(workspace: PathParam<"getPrompt", "workspace">, promptId: PathParam<"getPrompt", "promptId">): Promise<Result<"getPrompt">>;
    /** Composition of the active set against the quotas (`getActivePromptSet`: GET /api/v1/workspaces/{workspace}/prompts/active-set; scope prompts:read) */
    getActiveSet(workspace: PathParam<"getActivePromptSet", "workspace">): Promise<Result<"getActivePromptSet">>;
    /** One prompt's visibility per engine (`getPromptVisibility`: GET /api/v1/workspaces/{workspace}/prompts/{promptId}/visibility; scope metrics:read) */
    getVisibility(workspace: PathParam<"getPromptVisibility", "workspace">, promptId: PathParam<"getPromptVisibility", "promptId">, query?: Query<"getPromptVisibility">): Promise<Result<"getPromptVisibility">>;
    /** Import prompts in bulk (`importPrompts`: POST /api/v1/workspaces/{workspace}/prompts/import; scope prompts:write) */
    import(workspace: PathParam<"importPrompts", "workspace">, body: Body<"importPrompts">): Promise<Result<"importPrompts">>;
    /** List prompts (`listPrompts`: GET /api/v1/workspaces/{workspace}/prompts; scope prompts:read) */
    list(workspace: PathParam<"listPrompts", "workspace">, options?: ListOptions<"listPrompts">): PagedList<"listPrompts">;
    /** Change a prompt (`updatePrompt`: PATCH /api/v1/workspaces/{workspace}/prompts/{promptId}; scope prompts:write) */
    update(workspace: PathParam<"updatePrompt", "workspace">, promptId: PathParam<"updatePrompt", "promptId">, body: Body<"updatePrompt">): Promise<Result<"updatePrompt">>;
  };
  recommendations: {
    /** Accept a proposed recommendation (`acceptRecommendation`: POST /api/v1/workspaces/{workspace}/recommendations/{recommendationId}/accept; scope recs:write) */
    accept(workspace: PathParam<"acceptRecommendation", "workspace">, recommendationId: PathParam<"acceptRecommendation", "recommendationId">, body: Body<"acceptRecommendation">): Promise<Result<"acceptRecommendation">>;
    /** Mark a recommendation as done (`completeRecommendation`: POST /api/v1/workspaces/{workspace}/recommendations/{recommendationId}/done; scope recs:write) */
    complete(workspace: PathParam<"completeRecommendation", "workspace">, recommendationId: PathParam<"completeRecommendation", "recommendationId">, body: Body<"completeRecommendation">): Promise<Result<"completeRecommendation">>;
    /** Derive recommendations from the latest measured day now (`deriveRecommendations`: POST /api/v1/workspaces/{workspace}/recommendations/derive; scope recs:write) */
    derive(workspace: PathParam<"deriveRecommendations", "workspace">, body?: Body<"deriveRecommendations">): Promise<Result<"deriveRecommendations">>;
    /** Dismiss a recommendation, with a reason (`dismissRecommendation`: POST /api/v1/workspaces/{workspace}/recommendations/{recommendationId}/dismiss; scope recs:write) */
    dismiss(workspace: PathParam<"dismissRecommendation", "workspace">, recommendationId: PathParam<"dismissRecommendation", "recommendationId">, body: Body<"dismissRecommendation">): Promise<Result<"dismissRecommendation">>;
    /** A recommendation with its evidence and history (`getRecommendation`: GET /api/v1/workspaces/{workspace}/recommendations/{recommendationId}; scope recs:read) */
    get(workspace: PathParam<"getRecommendation", "workspace">, recommendationId: PathParam<"getRecommendation", "recommendationId">): Promise<Result<"getRecommendation">>;
    /** List recommendations (`listRecommendations`: GET /api/v1/workspaces/{workspace}/recommendations; scope recs:read) */
    list(workspace: PathParam<"listRecommendations", "workspace">, options?: ListOptions<"listRecommendations">): PagedList<"listRecommendations">;
    /** Mark an accepted recommendation as in progress (`startRecommendation`: POST /api/v1/workspaces/{workspace}/recommendations/{recommendationId}/start; scope recs:write) */
    start(workspace: PathParam<"startRecommendation", "workspace">, recommendationId: PathParam<"startRecommendation", "recommendationId">, body: Body<"startRecommendation">): Promise<Result<"startRecommendation">>;
  };
  reportCatalog: {
    /** The report types, their parameters, sections and formats (`getReportCatalog`: GET /api/v1/workspaces/{workspace}/report-catalog; scope reports:read) */
    get(workspace: PathParam<"getReportCatalog", "workspace">): Promise<Result<"getReportCatalog">>;
  };
  reportSchedule: {
    /** The workspace's weekly or monthly report schedule (`getReportSchedule`: GET /api/v1/workspaces/{workspace}/report-schedule; scope reports:read) */
    get(workspace: PathParam<"getReportSchedule", "workspace">): Promise<Result<"getReportSchedule">>;
  };
  reports: {
    /** Read a report as JSON, CSV, HTML or PDF (`getReport`: GET /api/v1/workspaces/{workspace}/reports/{reportId}; scope reports:read) */
    get(workspace: PathParam<"getReport", "workspace">, reportId: PathParam<"getReport", "reportId">, query?: Query<"getReport">): Promise<Result<"getReport">>;
    /** List generated reports (`listReports`: GET /api/v1/workspaces/{workspace}/reports; scope reports:read) */
    list(workspace: PathParam<"listReports", "workspace">, options?: ListOptions<"listReports">): PagedList<"listReports">;
  };
  research: {
    /** A research job with its most cited sources (`getResearchJob`: GET /api/v1/workspaces/{workspace}/research/{researchId}; scope runs:read) */
    get(workspace: PathParam<"getResearchJob", "workspace">, researchId: PathParam<"getResearchJob", "researchId">): Promise<Result<"getResearchJob">>;
    /** List research jobs (`listResearchJobs`: GET /api/v1/workspaces/{workspace}/research; scope runs:read) */
    list(workspace: PathParam<"listResearchJobs", "workspace">, options?: ListOptions<"listResearchJobs">): PagedList<"listResearchJobs">;
    /** Research candidate prompts and cited sources (`startResearch`: POST /api/v1/workspaces/{workspace}/research; scope runs:write) */
    start(workspace: PathParam<"startResearch", "workspace">, body: Body<"startResearch">): Promise<Result<"startResearch">>;
  };
  runEstimate: {
    /** What a run of a preset would ask and reserve (`estimateRun`: GET /api/v1/workspaces/{workspace}/run-estimate; scope runs:read) */
    estimate(workspace: PathParam<"estimateRun", "workspace">, query: Query<"estimateRun">): Promise<Result<"estimateRun">>;
  };
  runSchedule: {
    /** Remove the run schedule (`deleteRunSchedule`: DELETE /api/v1/workspaces/{workspace}/run-schedule; scope runs:write) */
    delete(workspace: PathParam<"deleteRunSchedule", "workspace">): Promise<Result<"deleteRunSchedule">>;
    /** The workspace's daily run schedule (`getRunSchedule`: GET /api/v1/workspaces/{workspace}/run-schedule; scope runs:read) */
    get(workspace: PathParam<"getRunSchedule", "workspace">): Promise<Result<"getRunSchedule">>;
    /** Set the daily run schedule (`putRunSchedule`: PUT /api/v1/workspaces/{workspace}/run-schedule; scope runs:write) */
    put(workspace: PathParam<"putRunSchedule", "workspace">, body: Body<"putRunSchedule">): Promise<Result<"putRunSchedule">>;
  };
  runs: {
    /** Cancel a queued or running run (`cancelRun`: POST /api/v1/workspaces/{workspace}/runs/{runId}/cancel; scope runs:write) */
    cancel(workspace: PathParam<"cancelRun", "workspace">, runId: PathParam<"cancelRun", "runId">): Promise<Result<"cancelRun">>;
    /** A run with its progress (`getRun`: GET /api/v1/workspaces/{workspace}/runs/{runId}; scope runs:read) */
    get(workspace: PathParam<"getRun", "workspace">, runId: PathParam<"getRun", "runId">): Promise<Result<"getRun">>;
    /** List runs (`listRuns`: GET /api/v1/workspaces/{workspace}/runs; scope runs:read) */
    list(workspace: PathParam<"listRuns", "workspace">, options?: ListOptions<"listRuns">): PagedList<"listRuns">;
    /** The answers of a run (`listRunResponses`: GET /api/v1/workspaces/{workspace}/runs/{runId}/responses; scope runs:read) */
    listResponses(workspace: PathParam<"listRunResponses", "workspace">, runId: PathParam<"listRunResponses", "runId">, options?: ListOptions<"listRunResponses">): PagedList<"listRunResponses">;
    /** Start a measurement run (`startRun`: POST /api/v1/workspaces/{workspace}/runs; scope runs:write) */
    start(workspace: PathParam<"startRun", "workspace">, body: Body<"startRun">): Promise<Result<"startRun">>;
  };
  seo: {
    /** Modelled correlation of AI visibility with AI referral sessions (`getSeoCorrelation`: GET /api/v1/workspaces/{workspace}/seo/correlation; scope metrics:read) */
    getCorrelation(workspace: PathParam<"getSeoCorrelation", "workspace">, query?: Query<"getSeoCorrelation">): Promise<Result<"getSeoCorrelation">>;
    /** AI referral landing pages and whether stored answers cite them (`getSeoLandingPages`: GET /api/v1/workspaces/{workspace}/seo/landing-pages; scope metrics:read) */
    getLandingPages(workspace: PathParam<"getSeoLandingPages", "workspace">, query?: Query<"getSeoLandingPages">): Promise<Result<"getSeoLandingPages">>;
    /** An SEO refresh with its progress (`getSeoRefresh`: GET /api/v1/workspaces/{workspace}/seo/refreshes/{refreshId}; scope metrics:read) */
    getRefresh(workspace: PathParam<"getSeoRefresh", "workspace">, refreshId: PathParam<"getSeoRefresh", "refreshId">): Promise<Result<"getSeoRefresh">>;
    /** AI referral sessions per engine (`getSeoTraffic`: GET /api/v1/workspaces/{workspace}/seo/traffic; scope metrics:read) */
    getTraffic(workspace: PathParam<"getSeoTraffic", "workspace">, query?: Query<"getSeoTraffic">): Promise<Result<"getSeoTraffic">>;
    /** Search Console queries matched to the tracked prompts (`listSeoQueries`: GET /api/v1/workspaces/{workspace}/seo/queries; scope metrics:read) */
    listQueries(workspace: PathParam<"listSeoQueries", "workspace">, query?: Query<"listSeoQueries">): Promise<Result<"listSeoQueries">>;
    /** List SEO refreshes (`listSeoRefreshes`: GET /api/v1/workspaces/{workspace}/seo/refreshes; scope metrics:read) */
    listRefreshes(workspace: PathParam<"listSeoRefreshes", "workspace">, options?: ListOptions<"listSeoRefreshes">): PagedList<"listSeoRefreshes">;
    /** Pull Search Console and GA4 data (`startSeoRefresh`: POST /api/v1/workspaces/{workspace}/seo/refresh; scope runs:write) */
    startRefresh(workspace: PathParam<"startSeoRefresh", "workspace">, body: Body<"startSeoRefresh">): Promise<Result<"startSeoRefresh">>;
    /** Offer uncovered Search Console queries as prompt suggestions (`suggestPromptsFromSearchConsole`: POST /api/v1/workspaces/{workspace}/seo/query-suggestions; scope prompts:write) */
    suggestPromptsFromSearchConsole(workspace: PathParam<"suggestPromptsFromSearchConsole", "workspace">, body: Body<"suggestPromptsFromSearchConsole">): Promise<Result<"suggestPromptsFromSearchConsole">>;
  };
  settings: {
    /** Workspace settings (`getWorkspaceSettings`: GET /api/v1/workspaces/{workspace}/settings; scope settings:read) */
    get(workspace: PathParam<"getWorkspaceSettings", "workspace">): Promise<Result<"getWorkspaceSettings">>;
    /** Brand profile (`getBrandProfile`: GET /api/v1/workspaces/{workspace}/profile; scope settings:read) */
    getBrandProfile(workspace: PathParam<"getBrandProfile", "workspace">): Promise<Result<"getBrandProfile">>;
    /** Measurement model (`getMeasurementModel`: GET /api/v1/workspaces/{workspace}/model; scope settings:read) */
    getMeasurementModel(workspace: PathParam<"getMeasurementModel", "workspace">): Promise<Result<"getMeasurementModel">>;
    /** Replace the brand profile (`putBrandProfile`: PUT /api/v1/workspaces/{workspace}/profile; scope settings:write) */
    putBrandProfile(workspace: PathParam<"putBrandProfile", "workspace">, body: Body<"putBrandProfile">): Promise<Result<"putBrandProfile">>;
    /** Replace the measurement model (`putMeasurementModel`: PUT /api/v1/workspaces/{workspace}/model; scope settings:write) */
    putMeasurementModel(workspace: PathParam<"putMeasurementModel", "workspace">, body: Body<"putMeasurementModel">): Promise<Result<"putMeasurementModel">>;
    /** Change workspace settings (`updateWorkspaceSettings`: PATCH /api/v1/workspaces/{workspace}/settings; scope settings:write) */
    update(workspace: PathParam<"updateWorkspaceSettings", "workspace">, body: Body<"updateWorkspaceSettings">): Promise<Result<"updateWorkspaceSettings">>;
  };
  sharedReports: {
    /** Read a shared report (no account needed) (`getSharedReport`: GET /api/v1/shared-reports/{token}) */
    get(token: PathParam<"getSharedReport", "token">, query?: Query<"getSharedReport">): Promise<Result<"getSharedReport">>;
  };
  sources: {
    /** The prompts and URLs citing one domain over a period (`getSource`: GET /api/v1/workspaces/{workspace}/sources/{domain}; scope metrics:read) */
    get(workspace: PathParam<"getSource", "workspace">, domain: PathParam<"getSource", "domain">, query?: Query<"getSource">): Promise<Result<"getSource">>;
    /** Cited domains and URLs over a period, with new and lost domains (`listSources`: GET /api/v1/workspaces/{workspace}/sources; scope metrics:read) */
    list(workspace: PathParam<"listSources", "workspace">, query?: Query<"listSources">): Promise<Result<"listSources">>;
  };
  system: {
    /** Liveness and database check (`getHealth`: GET /api/v1/health) */
    getHealth(): Promise<Result<"getHealth">>;
    /** This contract as JSON (`getOpenApiDocument`: GET /api/v1/openapi.json) */
    getOpenApiDocument(): Promise<Result<"getOpenApiDocument">>;
  };
  workspaces: {
    /** Workspace summary (`getWorkspace`: GET /api/v1/workspaces/{workspace}; scope workspace:read) */
    get(workspace: PathParam<"getWorkspace", "workspace">): Promise<Result<"getWorkspace">>;
    /** List the caller's workspaces (`listWorkspaces`: GET /api/v1/workspaces; scope workspace:read) */
    list(options?: ListOptions<"listWorkspaces">): PagedList<"listWorkspaces">;
  };
}
