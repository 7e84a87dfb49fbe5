import { errors, type FieldError } from "../../errors/app-error.js";
import { checkCidr } from "../../http/cidr.js";

/** Canonical ranges, or a 400 naming each bad entry. */
export function checkAllowedCidrs(cidrs: string[] | undefined): string[] {
  const problems: FieldError[] = [];
  const canonical = (cidrs ?? []).map((text, index) => {
    const result = checkCidr(text);
    if (!result.ok) {
      problems.push({
        field: `body.allowedCidrs[${index}]`,
        rule: "cidr",
        message: `${text} ${result.reason}`,
      });
      return "";
    }
    return result.canonical;
  });
  if (problems.length > 0) throw errors.invalidRequest(problems);
  return [...new Set(canonical)];
}
