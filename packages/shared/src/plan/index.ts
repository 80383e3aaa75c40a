// The cheapest-trip solver and its parts (issue 13).
export * from './geo.js';
export * from './line-cost.js';
export * from './plan-error.js';
export * from './same-kind.js';
export * from './solve-plan.js';
