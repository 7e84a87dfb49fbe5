-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "last_report_at" TIMESTAMPTZ(3),
ADD COLUMN     "next_report_at" TIMESTAMPTZ(3),
ADD COLUMN     "report_frequency" TEXT,
ADD COLUMN     "report_types" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "reports" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "period_from" DATE NOT NULL,
    "period_to" DATE NOT NULL,
    "trigger" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "parameters" JSONB NOT NULL,
    "document" JSONB NOT NULL,
    "generated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_share_links" (
    "id" TEXT NOT NULL,
    "report_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by_user_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "report_share_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "workspaces_next_report_at_idx" ON "workspaces"("next_report_at");

-- CreateIndex
CREATE INDEX "reports_workspace_id_id_idx" ON "reports"("workspace_id", "id");

-- CreateIndex
CREATE INDEX "reports_workspace_id_type_id_idx" ON "reports"("workspace_id", "type", "id");

-- CreateIndex
CREATE UNIQUE INDEX "reports_workspace_id_type_period_from_period_to_trigger_key" ON "reports"("workspace_id", "type", "period_from", "period_to", "trigger");

-- CreateIndex
CREATE UNIQUE INDEX "report_share_links_token_hash_key" ON "report_share_links"("token_hash");

-- CreateIndex
CREATE INDEX "report_share_links_report_id_id_idx" ON "report_share_links"("report_id", "id");

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_share_links" ADD CONSTRAINT "report_share_links_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
