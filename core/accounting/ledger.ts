/**
 * Balances, trial balance (科目余额表) and ledgers (总账 / 明细账) as pure functions of opening balances plus
 * voucher lines (DESIGN §5: "ledgers and statements are computed from initial balances plus vouchers").
 *
 * Model: a *position* is a leaf account plus an optional auxiliary item (辅助核算: a customer, a supplier …). All
 * amounts are kept as debit − credit ("raw" balance); parents are the sums over their subtree, so every level rolls
 * up by construction. Guarantees: Σ over level-1 accounts of raw closing balances = Σ of raw opening balances (0 for
 * a balanced opening) because each voucher's lines sum to zero — asserted by the tests with random vouchers.
 *
 * The same numbers are offered to the statement evaluator through `BalanceProvider` (statement.ts), so a server may
 * answer the provider from SQL instead and reuse the evaluator.
 *
 * Parts: ledger-balances.ts (the Ledger), trial-balance.ts (科目余额表, 试算平衡), ledger-rows.ts (总账, 明细账).
 */
export * from './ledger-balances.ts';
export * from './ledger-rows.ts';
export * from './trial-balance.ts';
