export * from './aging.ts';
export * from './bill-link.ts';
export * from './invoice-parse.ts';
export * from './pdf-layout.ts';
export * from './reverse.ts';
export * from './settle.ts';
export * from './tax.ts';
