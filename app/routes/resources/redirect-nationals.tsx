import { redirect } from "react-router";

export const loader = () => redirect("/2025-nationals-team", 301);
