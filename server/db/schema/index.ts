export * from './auth.ts';
export * from './base.ts';
export * from './common.ts';
export * from './dict.ts';
export * from './log.ts';
export * from './scope.ts';
export * from './system.ts';
export * from './toolbox.ts';
