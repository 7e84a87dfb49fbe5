export * from "./simulated-engine.js";
