import { errors } from "../../errors/app-error.js";

/**
 * Names no workspace may take as its brand, the one list: the brand is the workspace's slug,
 * and the slug names its inbox (`<slug>@<inbox domain>`, provision-workspace-inbox.ts) and
 * appears in its URLs. So no role mailbox (RFC 2142 and the usual system ones) and no name a
 * host or this service's own paths use. A brand that only contains one (`admin-tools`) is fine.
 */
const reservedBrands: ReadonlySet<string> = new Set([
  // RFC 2142 mailboxes, and the ones mail systems and certificate authorities rely on.
  "abuse",
  "admin",
  "administrator",
  "hostmaster",
  "info",
  "mailer-daemon",
  "marketing",
  "noc",
  "no-reply",
  "noreply",
  "postmaster",
  "root",
  "sales",
  "security",
  "ssladmin",
  "ssl-admin",
  "sslwebmaster",
  "support",
  "sysadmin",
  "usenet",
  "uucp",
  "webmaster",
  "www-data",
  "daemon",
  "nobody",
  "billing",
  "contact",
  "help",
  "privacy",
  "legal",
  "dmarc",
  "bounce",
  "bounces",
  // Hosts and protocols.
  "www",
  "mail",
  "email",
  "smtp",
  "imap",
  "pop",
  "pop3",
  "ftp",
  "news",
  "ns1",
  "ns2",
  "mx",
  "autoconfig",
  "autodiscover",
  // This service's own names.
  "api",
  "app",
  "assets",
  "static",
  "status",
  "docs",
  "geopulse",
  "system",
]);

/** Refuses a reserved brand: `400 invalid_request` naming `body.brand`, rule `reserved`. */
export function checkBrandNotReserved(brand: string): void {
  if (!reservedBrands.has(brand)) return;
  throw errors.invalidRequest([
    {
      field: "body.brand",
      rule: "reserved",
      message: `${brand} is a reserved name (a mailbox or host name); choose another brand`,
    },
  ]);
}
