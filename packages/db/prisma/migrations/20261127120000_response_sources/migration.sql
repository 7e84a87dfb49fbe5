-- Sources an answer's searches retrieved and the engine did not cite ("used" beside "cited").
CREATE TABLE "response_sources" (
    "id" TEXT NOT NULL,
    "response_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT,
    "domain" TEXT,
    CONSTRAINT "response_sources_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "response_sources_response_id_position_key" ON "response_sources"("response_id", "position");
ALTER TABLE "response_sources" ADD CONSTRAINT "response_sources_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "engine_responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
