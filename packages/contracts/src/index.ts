export * from './zod-italian.js';
export * from './centre.js';
export * from './http.js';
export * from './health.js';
export * from './auth.js';
export * from './courts.js';
export * from './prices.js';
export * from './api.js';
