-- Search Console suggestions carry the query's figures.
ALTER TABLE "prompt_suggestions" ADD COLUMN "evidence" JSONB;
