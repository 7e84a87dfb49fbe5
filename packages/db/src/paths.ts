import { fileURLToPath } from "node:url";

/** Directory holding schema.prisma and migrations/, shipped with the package. */
export const prismaDir = fileURLToPath(new URL("../prisma/", import.meta.url));
export const schemaPath = `${prismaDir}schema.prisma`;
export const migrationsDir = `${prismaDir}migrations`;
