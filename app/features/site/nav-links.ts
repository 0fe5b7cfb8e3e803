/** The public navigation of docs/product.md#2-screens-and-routes, in its order and with its labels. */
export const navLinks = [
  { label: "Our Mission", to: "/mission" },
  { label: "Competition Guide", to: "/guide" },
  { label: "Dress Code", to: "/dress-code" },
  { label: "Our Schools", to: "/schools" },
  { label: "Team", to: "/about" },
  { label: "Event Schedule", to: "/events" },
  { label: "Nationals", to: "/2025-nationals-team" },
  { label: "Contact", to: "/contact" },
  { label: "Donate", to: "/donate" },
  { label: "Shopping Cart", to: "/fees" },
] as const;
