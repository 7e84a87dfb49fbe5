/** The messages of the error codes that have several (the factories in app-error.ts pick one). */
export const deliveryExpiredMessages = {
  replayed:
    "The key this request created is no longer pending delivery; its secret cannot be returned again.",
  windowClosed: "The 10-minute delivery window has closed; the secret is gone. Create a new key.",
  secretGone: "The secret is no longer available.",
};

export const unsupportedMediaTypeMessages = {
  contentType: "Unsupported content type; send application/json.",
  encoding: "Unsupported body encoding.",
  csv: "This server cannot read text/csv bodies.",
};

export const emailUnavailableMessages = {
  unconfigured: "Sign-in links need an email provider, and none is configured.",
  sendFailed: "The sign-in email could not be sent; try again.",
};
