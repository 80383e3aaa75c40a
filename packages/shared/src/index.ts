export * from './api.js';
export * from './catalogue-api.js';
export * from './enums.js';
export * from './errors.js';
export * from './money.js';
export * from './passcode.js';
export * from './shopping-api.js';
