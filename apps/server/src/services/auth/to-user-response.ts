import type { User as UserResponse } from "@geopulse/api-types";
import type { User } from "@geopulse/db";

export function toUserResponse(user: User): UserResponse {
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    createdAt: user.createdAt.toISOString(),
  };
}
