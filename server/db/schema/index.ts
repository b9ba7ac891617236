export * from './auth.ts';
export * from './common.ts';
export * from './log.ts';
export * from './system.ts';
