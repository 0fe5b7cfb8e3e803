import { type StateCode, usStates } from "~/features/content/vocabulary";

export type StateOption = { code: StateCode; name: string };

/** The state filter's choices after "All States": distinct states, sorted by name. */
export function stateOptions(schools: readonly { state: StateCode }[]): StateOption[] {
  const codes = [...new Set(schools.map((school) => school.state))];
  return codes.map((code) => ({ code, name: usStates[code] })).sort((a, b) => a.name.localeCompare(b.name, "en-US"));
}

/**
 * The `state` query parameter as one of the listed states, or null for All
 * States (missing, empty, or not a state any school is in). Case-insensitive,
 * so a hand-typed ?state=ny works.
 */
export function selectedState(value: string | null, options: readonly StateOption[]): StateCode | null {
  const wanted = value?.trim().toUpperCase();
  return options.find((option) => option.code === wanted)?.code ?? null;
}

export function schoolsInState<T extends { state: StateCode }>(schools: readonly T[], state: StateCode | null): T[] {
  return state ? schools.filter((school) => school.state === state) : [...schools];
}
