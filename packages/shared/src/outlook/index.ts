// Buy now or wait (issue 46): the outlook model.
export * from './chance.js';
export * from './daily-series.js';
export * from './outlook.js';
export * from './outlook-api.js';
export * from './outlook-words.js';
export * from './prior.js';
