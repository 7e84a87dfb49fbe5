// Generated from spec/openapi.yaml (components/schemas' string enums) by scripts/generate.mjs. Do not edit.

import type { components } from "./schema.js";

type Schemas = components["schemas"];

/** Every value of each named string enum of the contract, in the contract's order. */
export const enumValues = {
  ApiKeyState: ["pending","active","grace","revoked","expired"] as const satisfies readonly Schemas["ApiKeyState"][],
  ChangeMetric: ["visibility"] as const satisfies readonly Schemas["ChangeMetric"][],
  ChatMessageStatus: ["running","complete","failed","interrupted"] as const satisfies readonly Schemas["ChatMessageStatus"][],
  ConnectionProvider: ["search_console","analytics"] as const satisfies readonly Schemas["ConnectionProvider"][],
  CredentialKind: ["secret","google_service_account","google_oauth"] as const satisfies readonly Schemas["CredentialKind"][],
  DiscoveryStatus: ["queued","running","succeeded","partial","failed"] as const satisfies readonly Schemas["DiscoveryStatus"][],
  Engine: ["openai","perplexity","gemini","anthropic","exa","grok","google_ai_overview","google_ai_mode","chatgpt_app","perplexity_app","gemini_app","copilot_app","simulated"] as const satisfies readonly Schemas["Engine"][],
  EngineOrAll: ["all","openai","perplexity","gemini","anthropic","exa","grok","google_ai_overview","google_ai_mode","chatgpt_app","perplexity_app","gemini_app","copilot_app","simulated"] as const satisfies readonly Schemas["EngineOrAll"][],
  IntervalUnit: ["prompt-and-day","prompt","day","answer"] as const satisfies readonly Schemas["IntervalUnit"][],
  Language: ["en","es","ca","fr"] as const satisfies readonly Schemas["Language"][],
  MeasurementEngine: ["openai","perplexity","gemini","anthropic","exa","grok","google_ai_overview","google_ai_mode","chatgpt_app","perplexity_app","gemini_app","copilot_app"] as const satisfies readonly Schemas["MeasurementEngine"][],
  MetricConfirmationStatus: ["collecting","confirmed","expired"] as const satisfies readonly Schemas["MetricConfirmationStatus"][],
  ModelUse: ["answers","chat","prompts","research"] as const satisfies readonly Schemas["ModelUse"][],
  PageCheckCategory: ["access","understanding","entity","citations","compliance"] as const satisfies readonly Schemas["PageCheckCategory"][],
  PageEvaluationStatus: ["queued","running","succeeded","failed"] as const satisfies readonly Schemas["PageEvaluationStatus"][],
  PageFetchFailureReason: ["dns_failure","timeout","blocked_address","too_large","not_html","too_many_redirects","http_error","connection_failed","unsupported_url","interrupted","analysis_timeout"] as const satisfies readonly Schemas["PageFetchFailureReason"][],
  PromptCategory: ["discovery","problem_solution","use_case","comparison","expert","brand_research"] as const satisfies readonly Schemas["PromptCategory"][],
  PromptSuggestionStatus: ["pending","accepted","dismissed"] as const satisfies readonly Schemas["PromptSuggestionStatus"][],
  RecommendationDismissReason: ["not_relevant","already_done","not_feasible","disagree_with_evidence","compliance","other"] as const satisfies readonly Schemas["RecommendationDismissReason"][],
  RecommendationKind: ["create_content","earn_citation","improve_page","fix_sentiment","engine_gap","correct_claim"] as const satisfies readonly Schemas["RecommendationKind"][],
  RecommendationStatus: ["proposed","accepted","in_progress","done","dismissed","flagged"] as const satisfies readonly Schemas["RecommendationStatus"][],
  ReportFormat: ["json","csv","html","pdf"] as const satisfies readonly Schemas["ReportFormat"][],
  ReportTrigger: ["schedule","run"] as const satisfies readonly Schemas["ReportTrigger"][],
  ReportType: ["visibility_summary","competitor_comparison","cited_sources","prompt_detail","recommendations_digest","page_evaluations_digest","surface_gap"] as const satisfies readonly Schemas["ReportType"][],
  ResearchProvider: ["exa","perplexity","search_console"] as const satisfies readonly Schemas["ResearchProvider"][],
  Role: ["owner","admin","member"] as const satisfies readonly Schemas["Role"][],
  RunPreset: ["standard","lite","smoke","exa"] as const satisfies readonly Schemas["RunPreset"][],
  RunStatus: ["queued","running","succeeded","partial","failed","cancelled"] as const satisfies readonly Schemas["RunStatus"][],
  Scope: ["workspace:read","settings:read","settings:write","connections:read","connections:write","connections:test","prompts:read","prompts:write","runs:read","runs:write","recs:read","recs:write","reports:read","metrics:read","chat:read","chat:write","credits:read"] as const satisfies readonly Schemas["Scope"][],
  Surface: ["api","search_page","consumer_app"] as const satisfies readonly Schemas["Surface"][],
};
