/** Providers whose mailboxes ignore dots in the local part, by domain. */
const dotInsensitiveDomains = new Set(["gmail.com"]);
/** Domains that are another name of the same mailboxes. */
const domainAliases: Record<string, string> = { "googlemail.com": "gmail.com" };

/**
 * The mailbox an email address delivers to, as one string: lower case, the
 * `+tag` of plus-addressing dropped (`a+x@example.com` → `a@example.com`),
 * and for providers that ignore dots (Gmail, googlemail.com folded into
 * gmail.com) the dots of the local part dropped. Used where one thing is
 * allowed per person: the free credit grant, and sign-in links per address.
 * The migration `abuse_limits` backfills stored grants by the same rule.
 */
export function emailIdentity(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const rawDomain = lower.slice(at + 1).replace(/\.+$/, "");
  const domain = domainAliases[rawDomain] ?? rawDomain;
  let local = lower.slice(0, at);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (dotInsensitiveDomains.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}
