import { unwrap } from "@geopulse/sdk";
import { useQuery } from "@tanstack/react-query";
import { gp } from "../../api";

/** The settings' stored resources, one query each (a save writes its answer back). */
export const settingsKeys = {
  settings: (slug: string) => ["settings", slug] as const,
  profile: (slug: string) => ["brand-profile", slug] as const,
  model: (slug: string) => ["measurement-model", slug] as const,
  competitors: (slug: string) => ["competitors", slug] as const,
  credentials: (slug: string) => ["credentials", slug] as const,
};

export const useStoredSettings = (slug: string) =>
  useQuery({ queryKey: settingsKeys.settings(slug), queryFn: () => gp.settings.get(slug) });

export const useBrandProfile = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.profile(slug),
    queryFn: () => gp.settings.getBrandProfile(slug),
  });

export const useMeasurementModel = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.model(slug),
    queryFn: () => gp.settings.getMeasurementModel(slug),
  });

/** The server's model catalog: the ids the model settings accept, with their list prices. */
export const useModelCatalog = () =>
  useQuery({
    queryKey: ["model-catalog"] as const,
    queryFn: async () => (await gp.models.list()).data,
    staleTime: 5 * 60_000,
  });

export const useCompetitors = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.competitors(slug),
    queryFn: async () => (await gp.competitors.list(slug)).data,
  });

/** Session-only credential calls (no generated method): the SDK's typed raw client. */
export const credentialsApi = {
  store: (workspace: string, connector: string, value: string) =>
    unwrap(
      gp.raw.POST("/api/v1/workspaces/{workspace}/credentials", {
        params: { path: { workspace } },
        // Replacing a stored key is the usual case; rotate also creates one that is absent.
        body: { connector, key: "api_key", value, rotate: true },
      }),
    ),
  remove: (workspace: string, connector: string) =>
    unwrap(
      gp.raw.DELETE("/api/v1/workspaces/{workspace}/credentials/{connector}/{key}", {
        params: { path: { workspace, connector, key: "api_key" } },
      }),
    ),
};

export const useCredentials = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.credentials(slug),
    queryFn: async () => (await gp.credentials.list(slug)).data,
  });
