import { workspaceJob } from "../job-definition.js";

/**
 * Measures the impact of every `done` recommendation of a workspace after a
 * run stored answers (docs/recommendations.md, "Impact"). The same rollups
 * give the same verdicts.
 */
export const measureRecommendationImpactsJob = workspaceJob({
  id: "recommendation-impacts-measure",
  version: 1,
  expireInSeconds: 1800,
});
