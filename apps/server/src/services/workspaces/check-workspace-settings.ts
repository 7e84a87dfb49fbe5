import type { Competitor, Quotas } from "@geopulse/api-types";
import { errors, type FieldError } from "../../errors/app-error.js";

const quotaTolerance = 1e-6;

export interface WorkspaceSettingsToCheck {
  quotas: Quotas;
  competitors: Competitor[];
  domains: string[];
}

/**
 * Rules the JSON Schema cannot state: quotas sum to 1, competitor names are
 * unique (ignoring case), and no domain is listed twice.
 */
export function checkWorkspaceSettings(settings: WorkspaceSettingsToCheck): void {
  const problems: FieldError[] = [];
  const sum = Object.values(settings.quotas).reduce((total, share) => total + share, 0);
  if (Math.abs(sum - 1) > quotaTolerance) {
    problems.push({
      field: "body.quotas",
      rule: "sum",
      message: `quotas must sum to 1; they sum to ${Number(sum.toFixed(6))}`,
    });
  }
  const seenNames = new Map<string, number>();
  settings.competitors.forEach((competitor, index) => {
    const key = competitor.name.trim().toLowerCase();
    const first = seenNames.get(key);
    if (first !== undefined) {
      problems.push({
        field: `body.competitors[${index}].name`,
        rule: "unique",
        message: `duplicates the name of competitors[${first}]`,
      });
    } else seenNames.set(key, index);
  });
  const seenDomains = new Set<string>();
  settings.domains.forEach((domain, index) => {
    if (seenDomains.has(domain)) {
      problems.push({
        field: `body.domains[${index}]`,
        rule: "unique",
        message: "is listed twice",
      });
    }
    seenDomains.add(domain);
  });
  if (problems.length > 0) throw errors.invalidRequest(problems);
}
