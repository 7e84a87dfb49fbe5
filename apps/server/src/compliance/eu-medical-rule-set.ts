import { type RuleSet, ruleSetSchema } from "./rule-set-schema.js";
import rules from "./rules/eu-medical.v1.json" with { type: "json" };

/** The `eu_medical` rule file, checked against its schema when this module loads. */
export const EU_MEDICAL_RULE_SET: RuleSet = ruleSetSchema.parse(rules);
