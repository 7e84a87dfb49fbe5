import type { Surface } from "@geopulse/api-types";
import type { MetricsFilters } from "../../services/metrics/metrics-filters.js";

/** The validated filter query parameters shared by the metrics routes. */
export function filtersOf(query: {
  engine?: string;
  surface?: Surface;
  category?: string;
  region?: string;
  language?: string;
  includeBrandResearch?: boolean;
}): MetricsFilters {
  return {
    engine: query.engine,
    surface: query.surface,
    category: query.category,
    region: query.region,
    language: query.language,
    // The validator has already turned the query text into a boolean.
    includeBrandResearch: query.includeBrandResearch ?? false,
  };
}
