-- AlterTable
ALTER TABLE "recommendations" ADD COLUMN "page_evaluation" JSONB;
