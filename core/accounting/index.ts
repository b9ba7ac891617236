/** Accounting domain core (issue 5): pure TypeScript over decimal.js, shared by the server and the client. */
export * from './amount.ts';
export * from './business-voucher.ts';
export * from './capital.ts';
export * from './carry-forward.ts';
export * from './chart.ts';
export * from './depreciation.ts';
export * from './formula.ts';
export * from './invoice.ts';
export * from './ledger.ts';
export * from './period.ts';
export * from './period-close.ts';
export * from './reconcile.ts';
export * from './statement.ts';
export * from './vat.ts';
export * from './voucher.ts';
