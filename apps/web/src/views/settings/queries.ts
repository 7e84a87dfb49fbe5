import { useQuery } from "@tanstack/react-query";
import { gp } from "../../api";

/** The settings' stored resources, one query each (a save writes its answer back). */
export const settingsKeys = {
  settings: (slug: string) => ["settings", slug] as const,
  profile: (slug: string) => ["brand-profile", slug] as const,
  model: (slug: string) => ["measurement-model", slug] as const,
  competitors: (slug: string) => ["competitors", slug] as const,
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

export const useCompetitors = (slug: string) =>
  useQuery({
    queryKey: settingsKeys.competitors(slug),
    queryFn: async () => (await gp.competitors.list(slug)).data,
  });
