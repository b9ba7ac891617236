/**
 * The trace answer of spec §7.8: `data` of GET /api/izs-toolbox/blockchain/transaction-by-order-no is a JSON
 * string holding `transactionReceipt` (FISCO BCOS-shaped receipt fields, marked `chain: "local-hashchain"` so it is
 * never mistaken for a consortium-chain receipt) and `methodArgs.structFields` (the field table), plus `proof`
 * (what the browser recomputes: core/trace/chain-hash.ts) and `history` (every chained event of the order).
 */
import type { TxProof } from './chain-hash.ts';

export interface TraceReceipt {
  chain: string;
  version: number;
  transactionHash: string;
  /** Same as transactionHash (FISCO BCOS 3.x names the receipt hash `hash`). */
  hash: string;
  blockNumber: number;
  blockHash: string;
  transactionIndex: number;
  from: string;
  to: string;
  /** 0 = success (FISCO BCOS semantics). */
  status: number;
  message: string;
  /** The payload hash the transaction carries. */
  input: string;
  output: string;
  logEntries: unknown[];
  timestamp: string;
}

export interface TraceData {
  transactionReceipt: TraceReceipt;
  methodArgs: {
    methodName: string;
    orderType: string;
    orderNo: string;
    structFields: { name: string; key: string; value: string }[];
  };
  proof: TxProof;
  history: { event: string; time: string; txHash: string; blockNumber: number }[];
  /** The public trace path with the record's token (what the QR codes carry). */
  link?: string;
}

/** Parses the `data` string; null when it is not a trace answer. */
export function parseTraceData(data: unknown): TraceData | null {
  if (typeof data !== 'string' || !data) return null;
  try {
    const v = JSON.parse(data) as Partial<TraceData>;
    if (!v?.transactionReceipt || !v.methodArgs || !v.proof?.tx || !v.proof.block) return null;
    return v as TraceData;
  } catch {
    return null;
  }
}
