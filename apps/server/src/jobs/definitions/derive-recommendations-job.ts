import { workspaceJob } from "../job-definition.js";

/**
 * Derives a workspace's recommendations from its latest measured day after a
 * run finished (docs/recommendations.md, Derivation). Deterministic: a repeat
 * updates the same recommendations.
 */
export const deriveRecommendationsJob = workspaceJob({
  id: "recommendations-derive",
  version: 1,
  expireInSeconds: 1800,
});
