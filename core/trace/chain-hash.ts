/**
 * The hashes of the trace chain (DESIGN §5 Blockchain trace), shared by the server (which writes and verifies the
 * chain) and the public trace page (which recomputes them in the browser). Everything is SHA-256 (WebCrypto, in
 * Node and in the browser) over the RFC 8785 canonical JSON (`canonicalize`) of plain objects whose values are
 * strings or integers (money and weights as decimal strings, times as ISO strings):
 *
 *   payloadHash = H(JCS(fields))                                     the business fields of one record
 *   txHash      = H(JCS({v, seq, tenantId, orderType, orderNo, event, payloadHash, time}))
 *   txRoot      = H(JCS([txHash of the block's transactions, in order]))
 *   blockHash   = H(JCS({v, height, prevHash, txRoot, txCount, time}))  prevHash of height 1 = GENESIS_HASH
 *
 * A changed field changes payloadHash, which no longer matches the stored transaction; a changed transaction
 * changes txRoot and so blockHash, which the next block carries as its prevHash.
 */
import canonicalize from 'canonicalize';

export const CHAIN_VERSION = 1;
export const GENESIS_HASH = '0'.repeat(64);

export type Fields = Record<string, string>;

export interface TxHeader {
  v: number;
  seq: number;
  tenantId: string;
  orderType: string;
  orderNo: string;
  event: string;
  payloadHash: string;
  time: string;
}

export interface BlockHeader {
  v: number;
  height: number;
  prevHash: string;
  txRoot: string;
  txCount: number;
  time: string;
}

/** RFC 8785 canonical JSON text. */
export function canonicalJson(value: unknown): string {
  const s = canonicalize(value);
  if (s === undefined) throw new Error('不能规范化的值');
  return s;
}

/** Lower-case hex SHA-256 of the UTF-8 text (WebCrypto: Node ≥ 20, browsers in a secure context). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const payloadHashOf = (fields: Fields) => sha256Hex(canonicalJson(fields));
export const txHashOf = (h: TxHeader) => sha256Hex(canonicalJson(h));
export const txRootOf = (txHashes: readonly string[]) => sha256Hex(canonicalJson(txHashes));
export const blockHashOf = (h: BlockHeader) => sha256Hex(canonicalJson(h));

/** What a verifier holds for one transaction: its fields, header and the block that carries it. */
export interface TxProof {
  fields: Fields;
  tx: TxHeader;
  txHash: string;
  block: BlockHeader;
  blockHash: string;
  /** Every transaction hash of the block, in order (the transaction's own among them). */
  blockTxHashes: string[];
  /** The prevHash the next block carries, when there is one. */
  nextPrevHash?: string | null;
}

export interface CheckResult {
  ok: boolean;
  /** One line per check, in the order they ran (Chinese, for the page). */
  checks: { name: string; ok: boolean; detail: string }[];
}

/** Recomputes every hash of a proof; the first failing check says why. */
export async function verifyProof(p: TxProof): Promise<CheckResult> {
  const checks: CheckResult['checks'] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const payload = await payloadHashOf(p.fields);
  add(
    '字段哈希',
    payload === p.tx.payloadHash,
    payload === p.tx.payloadHash ? payload : `字段内容与上链时不一致：重算 ${payload}，链上 ${p.tx.payloadHash}`,
  );
  const tx = await txHashOf(p.tx);
  add('交易哈希', tx === p.txHash, tx === p.txHash ? tx : `交易内容被改动：重算 ${tx}，记录 ${p.txHash}`);
  const inBlock = p.blockTxHashes.includes(p.txHash) && p.blockTxHashes.length === p.block.txCount;
  add(
    '区块收录',
    inBlock,
    inBlock ? `区块 #${p.block.height} 收录 ${p.block.txCount} 笔交易` : '交易不在所声明的区块中',
  );
  const root = await txRootOf(p.blockTxHashes);
  add(
    '交易根',
    root === p.block.txRoot,
    root === p.block.txRoot ? root : `区块交易列表被改动：重算 ${root}，区块记录 ${p.block.txRoot}`,
  );
  const block = await blockHashOf(p.block);
  add(
    '区块哈希',
    block === p.blockHash,
    block === p.blockHash ? block : `区块头被改动：重算 ${block}，记录 ${p.blockHash}`,
  );
  if (p.nextPrevHash !== undefined && p.nextPrevHash !== null) {
    const linked = p.nextPrevHash === block;
    add(
      '后续区块链接',
      linked,
      linked ? '下一区块的前块哈希与本区块一致' : `下一区块记录的前块哈希 ${p.nextPrevHash} 与本区块不符`,
    );
  }
  return { ok: checks.every((c) => c.ok), checks };
}
