// Every table of the application, one file per capability.
export * from "./meta";
export * from "./orders";
export * from "./email";
export * from "./contact";
export * from "./accounts";
export * from "./events";
