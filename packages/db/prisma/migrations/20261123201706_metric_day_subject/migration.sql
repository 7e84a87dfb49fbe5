-- AlterTable
ALTER TABLE "metric_days" ADD COLUMN     "subject_fingerprint" TEXT;
