/**
 * The 上链信息 answer of spec §7.8: `GET /api/izs-toolbox/blockchain/transaction-by-order-no` answers
 * `{code, msg, data}` with `data` a JSON string holding `transactionReceipt` and `methodArgs.structFields`.
 */
export const CHAIN_PATH = '/api/izs-toolbox/blockchain/transaction-by-order-no';

export interface ChainInfo {
  blockHeight: string;
  blockHash: string;
  txHash: string;
  fields: { name: string; value: string }[];
  /** The public trace path with its unguessable token (empty when the answer carries none). */
  link: string;
}

const text = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Block numbers may come as hex (`0x1a`, FISCO BCOS receipts) or decimal. */
export function blockHeightText(v: unknown): string {
  const s = text(v);
  return /^0x[0-9a-f]+$/i.test(s) ? BigInt(s).toString() : s;
}

function structFields(raw: unknown): { name: string; value: string }[] {
  if (!raw) return [];
  if (Array.isArray(raw)) {
    return raw.map((f, i) => {
      if (Array.isArray(f)) return { name: text(f[0]), value: text(f[1]) };
      if (f && typeof f === 'object') {
        const o = f as Record<string, unknown>;
        return { name: text(o.name ?? o.key ?? o.fieldName ?? i + 1), value: text(o.value ?? o.fieldValue) };
      }
      return { name: String(i + 1), value: text(f) };
    });
  }
  if (typeof raw === 'object') return Object.entries(raw).map(([name, value]) => ({ name, value: text(value) }));
  return [];
}

/**
 * Spec §7.10: an answer with a code other than 200 only logs its message (no toast) → null; an empty answer →
 * null (the dialog says 暂无数据); otherwise the receipt and the on-chain fields.
 */
export function parseChainAnswer(body: unknown, log: (msg: string) => void = console.info): ChainInfo | null {
  const b = (body ?? {}) as { code?: number; msg?: string; data?: unknown };
  if (b.code !== 200) {
    log(b.msg ?? '');
    return null;
  }
  if (!b.data) return null;
  let data: Record<string, unknown>;
  try {
    data = (typeof b.data === 'string' ? JSON.parse(b.data) : b.data) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const receipt = (data.transactionReceipt ?? {}) as Record<string, unknown>;
  const args = (data.methodArgs ?? {}) as Record<string, unknown>;
  const info: ChainInfo = {
    blockHeight: blockHeightText(receipt.blockNumber ?? receipt.blockHeight),
    blockHash: text(receipt.blockHash),
    txHash: text(receipt.transactionHash ?? receipt.hash),
    fields: structFields(args.structFields),
    link: typeof data.link === 'string' && data.link.startsWith('/blockchain-info/') ? data.link : '',
  };
  return info.blockHash || info.txHash || info.fields.length ? info : null;
}
