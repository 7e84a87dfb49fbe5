import { enumValues } from "@geopulse/api-types";
import { useSearchParams } from "react-router";
import type { Schemas } from "../api";

export type Surface = Schemas["Surface"];
const surfaceOrder: readonly Surface[] = enumValues.Surface;
const surfaceNames: Record<Surface, string> = {
  api: "Developer APIs",
  search_page: "Search results pages",
  consumer_app: "Consumer apps",
};

/**
 * The surface a view reads, in the address (`?surface=`), so a view of one surface can be shared;
 * undefined for every surface. Setting it keeps the address's other parameters.
 */
export function useSurfaceParam(): [Surface | undefined, (next: Surface | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const surface = surfaceOrder.find((s) => s === params.get("surface"));
  const choose = (next: Surface | undefined) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set("surface", next);
    else updated.delete("surface");
    setParams(updated);
  };
  return [surface, choose];
}

/** The choice of surface: every surface pooled, or one. */
export function SurfaceSelect({
  value,
  onChange,
  every = "every surface, pooled",
}: {
  value: Surface | undefined;
  onChange: (next: Surface | undefined) => void;
  every?: string;
}) {
  return (
    <label className="surface-filter">
      Answers read from{" "}
      <select
        value={value ?? ""}
        onChange={(e) => onChange(surfaceOrder.find((s) => s === e.target.value))}
      >
        <option value="">{every}</option>
        {surfaceOrder.map((s) => (
          <option key={s} value={s}>
            {surfaceNames[s]}
          </option>
        ))}
      </select>
    </label>
  );
}
