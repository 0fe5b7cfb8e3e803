import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route table mirrors SPEC.md section 2's route list.
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("events", "routes/events.tsx"),
    route("mission", "routes/mission.tsx"),
    route("guide", "routes/guide.tsx"),
    route("schools", "routes/schools.tsx"),
    route("fees", "routes/fees.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    route("about", "routes/about.tsx"),
    route("2025-nationals-team", "routes/nationals.tsx"),
    route("dress-code", "routes/dress-code.tsx"),
    route("contact", "routes/contact.tsx"),
    route("donate", "routes/donate.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  // Stale links on the mission page (DECISIONS.md): permanent redirects.
  route("team", "routes/redirect-team.tsx"),
  route("nationals-team-2025", "routes/redirect-nationals.tsx"),
] satisfies RouteConfig;
