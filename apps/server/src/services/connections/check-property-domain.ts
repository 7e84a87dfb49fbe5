import { errors } from "../../errors/app-error.js";

/**
 * A Search Console domain property (`sc-domain:<domain>`) must name one of the workspace's
 * domains, or a subdomain of one: the connection reads only what the workspace claims, never
 * another site its credential happens to reach. `400 invalid_request` naming `field`
 * (rule `workspace_domain`).
 */
export function checkPropertyDomain(property: string, domains: string[], field: string): void {
  if (!property.startsWith("sc-domain:")) return;
  const domain = property.slice("sc-domain:".length);
  if (domains.some((own) => domain === own || domain.endsWith(`.${own}`))) return;
  throw errors.field(
    field,
    "workspace_domain",
    `${field}: ${property} is not one of the workspace's domains (${domains.join(", ")}) or a subdomain of one; add the domain to the workspace first.`,
  );
}
