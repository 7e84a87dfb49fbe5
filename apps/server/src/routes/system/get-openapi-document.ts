import { defineHandler } from "../../http/handler.js";

export const getOpenApiDocument = defineHandler("getOpenApiDocument")(async ({ app }) => ({
  status: 200,
  body: app.openApiDocument,
}));
