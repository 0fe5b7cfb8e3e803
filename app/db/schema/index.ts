// Every table of the application, one file per capability.
export * from "./meta";
export * from "./orders";
export * from "./email";
export * from "./contact";
export * from "./accounts";
export * from "./events";
export * from "./catalogue";
export * from "./shop";
export * from "./payments";
export * from "./rate-limits";
export * from "./refunds";
export * from "./giving-summary";
export * from "./giving-monthly";
export * from "./giving-campaign";
export * from "./site-content";
export * from "./tournaments";
export * from "./judges";
