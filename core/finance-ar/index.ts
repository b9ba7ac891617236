export * from './aging.ts';
export * from './invoice-parse.ts';
export * from './settle.ts';
