import { generateKeyPairSync, randomBytes } from "node:crypto";

export interface TestServiceAccount {
  clientEmail: string;
  privateKeyPem: string;
  publicKeyPem: string;
  privateKeyId: string;
  projectId: string;
  /** The key file as Google issues it (JSON text), what users paste. */
  keyFile: string;
}

/** A service account with a fresh RSA key pair and the key file Google would issue for it. */
export function testServiceAccount(
  name = "geo-pulse",
  projectId = "acme-analytics",
): TestServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const publicKeyPem = publicKey.export({ type: "spki", format: "pem" }).toString();
  const privateKeyId = randomBytes(20).toString("hex");
  const clientEmail = `${name}@${projectId}.iam.gserviceaccount.com`;
  const keyFile = JSON.stringify(
    {
      type: "service_account",
      project_id: projectId,
      private_key_id: privateKeyId,
      private_key: privateKeyPem,
      client_email: clientEmail,
      client_id: "1".repeat(21),
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: "https://oauth2.googleapis.com/token",
      auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
      universe_domain: "googleapis.com",
    },
    null,
    2,
  );
  return { clientEmail, privateKeyPem, publicKeyPem, privateKeyId, projectId, keyFile };
}
