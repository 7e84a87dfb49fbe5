-- AlterTable
ALTER TABLE "stored_credentials" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'secret';

-- CreateTable
CREATE TABLE "connections" (
    "workspace_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "credential_id" TEXT,
    "test_status" TEXT,
    "tested_property" TEXT,
    "tested_credential_id" TEXT,
    "last_tested_at" TIMESTAMPTZ(3),
    "last_synced_at" TIMESTAMPTZ(3),
    "last_error_code" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connections_pkey" PRIMARY KEY ("workspace_id","provider")
);

-- CreateIndex
CREATE INDEX "connections_credential_id_idx" ON "connections"("credential_id");

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "connections" ADD CONSTRAINT "connections_credential_id_fkey" FOREIGN KEY ("credential_id") REFERENCES "stored_credentials"("id") ON DELETE SET NULL ON UPDATE CASCADE;
