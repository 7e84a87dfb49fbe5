-- CreateTable
CREATE TABLE "seo_refreshes" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "from_date" TEXT NOT NULL,
    "to_date" TEXT NOT NULL,
    "sources" TEXT[],
    "skipped_sources" JSONB NOT NULL,
    "page_rows" INTEGER NOT NULL,
    "max_pages" INTEGER NOT NULL,
    "gsc_next_row" INTEGER NOT NULL,
    "gsc_pages" INTEGER NOT NULL,
    "gsc_rows" INTEGER NOT NULL,
    "gsc_done" BOOLEAN NOT NULL,
    "ga4_next_row" INTEGER NOT NULL,
    "ga4_pages" INTEGER NOT NULL,
    "ga4_rows" INTEGER NOT NULL,
    "ga4_done" BOOLEAN NOT NULL,
    "truncated" BOOLEAN NOT NULL,
    "reserved_microusd" BIGINT NOT NULL,
    "billed_microusd" BIGINT NOT NULL,
    "cost_microusd" BIGINT NOT NULL,
    "reservation_id" TEXT,
    "idempotency_key" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "seo_refreshes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "seo_search_rows" (
    "workspace_id" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "page" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL,
    "impressions" INTEGER NOT NULL,
    "ctr" DOUBLE PRECISION NOT NULL,
    "position" DOUBLE PRECISION NOT NULL,
    "refresh_id" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "seo_search_rows_pkey" PRIMARY KEY ("workspace_id","date","query","page")
);

-- CreateTable
CREATE TABLE "seo_traffic_rows" (
    "workspace_id" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "session_source" TEXT NOT NULL,
    "landing_page" TEXT NOT NULL,
    "sessions" INTEGER NOT NULL,
    "conversions" INTEGER NOT NULL,
    "ai_engine" TEXT,
    "refresh_id" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "seo_traffic_rows_pkey" PRIMARY KEY ("workspace_id","date","session_source","landing_page")
);

-- CreateIndex
CREATE INDEX "seo_refreshes_workspace_id_id_idx" ON "seo_refreshes"("workspace_id", "id");

-- CreateIndex
CREATE INDEX "seo_traffic_rows_workspace_id_ai_engine_date_idx" ON "seo_traffic_rows"("workspace_id", "ai_engine", "date");

-- AddForeignKey
ALTER TABLE "seo_refreshes" ADD CONSTRAINT "seo_refreshes_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seo_search_rows" ADD CONSTRAINT "seo_search_rows_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seo_traffic_rows" ADD CONSTRAINT "seo_traffic_rows_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
