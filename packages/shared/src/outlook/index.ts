// Buy now or wait (issue 46): the outlook model.
export * from './chance.js';
export * from './daily-series.js';
export * from './outlook.js';
export * from './outlook-api.js';
export * from './prior.js';
export * from './outlook-words.js';
