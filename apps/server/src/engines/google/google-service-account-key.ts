import { createPrivateKey } from "node:crypto";

/** The parts of a Google service-account key file the connections use. */
export interface GoogleServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
  projectId: string | null;
}

export type ParsedServiceAccountKey =
  | { ok: true; key: GoogleServiceAccountKey }
  | { ok: false; problem: string };

/**
 * Reads the JSON key file Google issues for a service account (`type: service_account`,
 * `client_email`, `private_key` in PEM). The problem, when there is one, names what is wrong
 * and never quotes the value.
 */
export function parseServiceAccountKey(value: string): ParsedServiceAccountKey {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { ok: false, problem: "is not JSON: paste the service-account key file Google issued" };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return { ok: false, problem: "is not a JSON object" };
  const record = json as Record<string, unknown>;
  if (record.type !== "service_account")
    return {
      ok: false,
      problem: 'is not a service-account key ("type" must be "service_account")',
    };
  const clientEmail = record.client_email;
  if (typeof clientEmail !== "string" || !/^[^@\s]+@[^@\s]+$/.test(clientEmail))
    return { ok: false, problem: 'has no "client_email"' };
  const privateKey = record.private_key;
  if (typeof privateKey !== "string" || !privateKey.includes("PRIVATE KEY"))
    return { ok: false, problem: 'has no PEM "private_key"' };
  if (!isPrivateKey(privateKey))
    return { ok: false, problem: 'has a "private_key" that is not a readable private key' };
  return {
    ok: true,
    key: {
      clientEmail,
      privateKey,
      privateKeyId: typeof record.private_key_id === "string" ? record.private_key_id : null,
      projectId: typeof record.project_id === "string" ? record.project_id : null,
    },
  };
}

function isPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === "rsa";
  } catch {
    return false;
  }
}

/** The masked form of a service-account key: its account and the end of its key id. */
export function serviceAccountLabel(key: GoogleServiceAccountKey): string {
  const id = key.privateKeyId ? ` (key …${key.privateKeyId.slice(-4)})` : "";
  return `${key.clientEmail}${id}`;
}
