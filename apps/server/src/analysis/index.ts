export * from "./analyze-answer.js";
export {
  BUILTIN_DOMAIN_TAXONOMY,
  buildDomainTaxonomy,
  classifyHost,
  DEFAULT_DOMAIN_TAXONOMY,
  type DomainTaxonomyFile,
  type DomainTaxonomyList,
  domainTaxonomyFileSchema,
  loadDomainTaxonomy,
  type ThirdPartyTaxonomy,
} from "./domain-taxonomy.js";
export * from "./types.js";
export { isTrackingParam, normalizeUrl, TRACKING_PARAMS } from "./url-normalize.js";
