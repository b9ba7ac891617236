export * from './auth.ts';
export * from './common.ts';
export * from './log.ts';
export * from './scope.ts';
export * from './system.ts';
