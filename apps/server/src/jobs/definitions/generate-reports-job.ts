import { workspaceJob } from "../job-definition.js";

/**
 * Generates a workspace's due reports (services/reports/generate-due-reports.ts):
 * after a run the run schedule started finished, and when the weekly or
 * monthly report schedule came due. Safe to repeat: each (type, period,
 * trigger) is stored once.
 */
export const generateReportsJob = workspaceJob({
  id: "reports-generate",
  version: 1,
  expireInSeconds: 1800,
});
