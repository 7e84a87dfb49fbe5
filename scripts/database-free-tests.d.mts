export function databaseFreeTestFiles(packageDir: string): string[];
export function skippedDatabaseFreeTests(packageDir: string): string[];
