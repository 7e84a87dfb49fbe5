-- A key's deliveryId becomes 256 random bits of which only the SHA-256 is stored
-- (it was a ULID minted next to the key id, so guessable from the key listing).
-- Keys still pending were delivered under the old id, which is no longer accepted
-- and not in their sealed copy: they expire now (the window is 10 minutes: create
-- the key again), and their sealed copies are erased.
UPDATE "api_keys" SET "state" = 'expired', "delivery_ciphertext" = NULL WHERE "state" = 'pending';

-- DropIndex
DROP INDEX "api_keys_delivery_id_key";

-- AlterTable
ALTER TABLE "api_keys" DROP COLUMN "delivery_id",
ADD COLUMN     "delivery_id_hash" TEXT;
