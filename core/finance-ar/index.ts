export * from './aging.ts';
export * from './settle.ts';
