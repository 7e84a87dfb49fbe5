import type { Schemas } from "./api";

/** Reports' and page evaluations' enums in words. */
export const triggerLabels: Record<Schemas["ReportTrigger"], string> = {
  schedule: "Report schedule",
  run: "After a scheduled run",
};

export const formatLabels: Record<Schemas["ReportFormat"], string> = {
  json: "JSON",
  csv: "CSV",
  html: "HTML",
  pdf: "PDF",
};

export const shareLinkStatusLabels: Record<Schemas["ReportShareLink"]["status"], string> = {
  active: "Active",
  expired: "Expired",
  revoked: "Revoked",
};

export const evaluationStatusLabels: Record<Schemas["PageEvaluationStatus"], string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Done",
  failed: "Failed",
};

export const failureLabels: Record<Schemas["PageFetchFailureReason"], string> = {
  dns_failure: "The address's name does not resolve",
  timeout: "The page took too long to answer",
  blocked_address: "The address is private or local, which GEO Pulse does not fetch",
  too_large: "The page is larger than 5 MB",
  not_html: "The address is not an HTML page",
  too_many_redirects: "The page redirects more than 5 times",
  http_error: "The page answered with an error",
  connection_failed: "Could not connect to the site",
  unsupported_url: "The address's scheme, port or credentials are not allowed",
  interrupted: "The evaluation was interrupted: start it again",
  analysis_timeout: "The page's content took too long to analyse",
};

export const checkStatusLabels: Record<Schemas["PageCheck"]["status"], string> = {
  pass: "Pass",
  warn: "Warning",
  fail: "Fail",
  info: "Info",
  not_applicable: "Not applicable",
};

export const categoryLabels: Record<Schemas["PageCheckCategory"], string> = {
  access: "Access",
  understanding: "Understanding",
  entity: "Entity",
  citations: "Citations",
  compliance: "Compliance",
};

/** The states in which an evaluation may still change (the view polls while in one). */
export const evaluationInProgress = new Set<Schemas["PageEvaluationStatus"]>(["queued", "running"]);

/** A list polls every 2 s while one of its evaluations is still queued or running. */
export function pollWhileRunning(
  evaluations: Pick<Schemas["PageEvaluation"], "status">[] | undefined,
): number | false {
  return evaluations?.some((e) => evaluationInProgress.has(e.status)) ? 2000 : false;
}
