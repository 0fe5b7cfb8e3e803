// Types of scripts/layers.mjs for its test.
export type Layer = { name: string; folders: string[]; uses: string[]; says: string };
export const layers: Layer[];
export const features: Record<string, string[]>;
export const unchecked: string[];
