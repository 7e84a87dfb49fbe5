-- The latest check that a provider serves its catalog default models, one row per provider.
CREATE TABLE "provider_default_checks" (
    "provider" TEXT NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,
    "outcome" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    CONSTRAINT "provider_default_checks_pkey" PRIMARY KEY ("provider")
);
