-- CreateTable
CREATE TABLE "credit_accounts" (
    "workspace_id" TEXT NOT NULL,
    "posted_microusd" BIGINT NOT NULL,
    "held_microusd" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credit_accounts_pkey" PRIMARY KEY ("workspace_id")
);

-- CreateTable
CREATE TABLE "credit_lots" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "amount_microusd" BIGINT NOT NULL,
    "remaining_microusd" BIGINT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "idempotency_key" TEXT,
    "checkout_session_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credit_lots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "free_grants" (
    "user_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "lot_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "free_grants_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "credit_reservations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "operation_id" TEXT,
    "estimate_microusd" BIGINT NOT NULL,
    "held_microusd" BIGINT NOT NULL,
    "consumed_microusd" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "credit_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_ledger_entries" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "posted_delta_microusd" BIGINT NOT NULL,
    "held_delta_microusd" BIGINT NOT NULL,
    "reservation_id" TEXT,
    "lot_id" TEXT,
    "operation" TEXT,
    "metadata" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credit_ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checkout_receipts" (
    "checkout_session_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "amount_microusd" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "created_by_user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "checkout_receipts_pkey" PRIMARY KEY ("checkout_session_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_lots_checkout_session_id_key" ON "credit_lots"("checkout_session_id");

-- CreateIndex
CREATE INDEX "credit_lots_workspace_id_expires_at_idx" ON "credit_lots"("workspace_id", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "credit_lots_workspace_id_idempotency_key_key" ON "credit_lots"("workspace_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "credit_reservations_workspace_id_created_at_idx" ON "credit_reservations"("workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "credit_reservations_status_expires_at_idx" ON "credit_reservations"("status", "expires_at");

-- CreateIndex
CREATE INDEX "credit_ledger_entries_workspace_id_created_at_idx" ON "credit_ledger_entries"("workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "credit_ledger_entries_reservation_id_idx" ON "credit_ledger_entries"("reservation_id");

-- CreateIndex
CREATE INDEX "checkout_receipts_workspace_id_created_at_idx" ON "checkout_receipts"("workspace_id", "created_at");

-- AddForeignKey
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backstops the application never relies on but that make overspending impossible.
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_held_nonnegative" CHECK ("held_microusd" >= 0);
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_no_overspend" CHECK ("posted_microusd" >= "held_microusd");
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_remaining_in_range" CHECK ("remaining_microusd" >= 0 AND "remaining_microusd" <= "amount_microusd");
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_amounts_nonnegative" CHECK ("held_microusd" >= 0 AND "consumed_microusd" >= 0);
