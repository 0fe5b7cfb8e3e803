/** A dot colour per event type, for chips and calendar days (decorative only). */
export function typeDotClass(type: string): string {
  if (type.endsWith("-quals")) return "bg-citron-500";
  switch (type) {
    case "speech":
      return "bg-sky-600";
    case "wsd":
      return "bg-violet-600";
    case "hybrid-tournament":
      return "bg-orange-500";
    case "debate":
      return "bg-rose-600";
    case "congress":
      return "bg-emerald-600";
    case "yeshiva-league":
      return "bg-fuchsia-600";
    default:
      return "bg-stone-500";
  }
}
