import {
  CalendarCheck,
  Compass,
  Flag,
  Gavel,
  GraduationCap,
  HeartHandshake,
  Info,
  Lightbulb,
  type LucideProps,
  Route as RouteIcon,
  Trophy,
  Users,
} from "lucide-react";
import type { missionIcons } from "./vocabulary";

const icons = {
  users: Users,
  trophy: Trophy,
  compass: Compass,
  "heart-handshake": HeartHandshake,
  lightbulb: Lightbulb,
  flag: Flag,
  "graduation-cap": GraduationCap,
  "calendar-check": CalendarCheck,
  route: RouteIcon,
  gavel: Gavel,
  info: Info,
} satisfies Record<(typeof missionIcons)[number], unknown>;

/** The icon a content file names (decorative). */
export function ContentIcon({ name, ...props }: { name: keyof typeof icons } & LucideProps) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" {...props} />;
}
