/**
 * The trace chain behind an interface (issue 14, DESIGN §5 Blockchain trace). `TraceChain` is what the business
 * modules and the trace endpoints use; `LocalHashChain` is the append-only, hash-chained log in the database
 * (izs_chain_tx / izs_chain_block, hashes as core/trace/chain-hash.ts defines them). A consortium chain (FISCO
 * BCOS…) replaces it by implementing the same three methods (README "Trace chain").
 *
 * Appending runs INSIDE the business transaction: the records and their block commit or roll back with the review,
 * the void or the weighing. One chain per tenant; a per-tenant advisory lock (held to the end of the transaction)
 * keeps heights and sequence numbers gapless when several processes chain at once.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  type BlockHeader,
  blockHashOf,
  CHAIN_VERSION,
  canonicalJson,
  type Fields,
  GENESIS_HASH,
  payloadHashOf,
  type TxHeader,
  type TxProof,
  txHashOf,
  txRootOf,
} from '../../../core/trace/chain-hash.ts';
import { traceEventLabel, traceKindLabel } from '../../../core/trace/fields.ts';
import type { Executor } from '../../db/client.ts';
import { chainBlock, chainTx } from '../../db/schema/index.ts';
import { ensureTraceTokens } from './link.ts';

export interface TraceRecord {
  tenantId: string;
  orderType: string;
  orderNo: string;
  /** completed | reviewed | voided */
  event: string;
  fields: Fields;
}

export interface ChainedTx {
  seq: number;
  orderType: string;
  orderNo: string;
  event: string;
  time: string;
  txHash: string;
  blockHeight: number;
  txIndex: number;
}

/** The newest record of an order with what a verifier needs, and the order's earlier records. */
export interface TraceLookup {
  tenantId: string;
  proof: TxProof;
  txIndex: number;
  history: ChainedTx[];
}

export interface VerifyReport {
  ok: boolean;
  tenantId: string;
  blocks: number;
  txs: number;
  /** Height of the first broken block, null when the whole chain checks out. */
  brokenHeight: number | null;
  reason: string;
}

export interface TraceChain {
  readonly name: string;
  /** Writes the records as one block, in the caller's (business) transaction. */
  append(tx: Executor, records: TraceRecord[]): Promise<void>;
  /** The newest record of an order (tenant optional for the public page: the order number must then be unique). */
  lookup(db: Executor, orderType: string, orderNo: string, tenantId?: string): Promise<TraceLookup[]>;
  /** Recomputes every hash of a tenant's chain in height order; names the first broken block. */
  verify(db: Executor, tenantId: string): Promise<VerifyReport>;
}

type TxRow = typeof chainTx.$inferSelect;
type BlockRow = typeof chainBlock.$inferSelect;

const headerOf = (r: TxRow): TxHeader => ({
  v: CHAIN_VERSION,
  seq: r.seq,
  tenantId: r.tenantId,
  orderType: r.orderType,
  orderNo: r.orderNo,
  event: r.event,
  payloadHash: r.payloadHash,
  time: r.txTime,
});

const blockHeaderOf = (b: BlockRow): BlockHeader => ({
  v: CHAIN_VERSION,
  height: b.height,
  prevHash: b.prevHash,
  txRoot: b.txRoot,
  txCount: b.txCount,
  time: b.blockTime,
});

/** Stored fields back to an object (a row whose text is not JSON any more verifies as changed). */
function fieldsOf(text: string): Fields {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : { _: text };
  } catch {
    return { _: text };
  }
}

export class LocalHashChain implements TraceChain {
  readonly name = 'local-hashchain';

  async append(tx: Executor, records: TraceRecord[]): Promise<void> {
    const byTenant = new Map<string, TraceRecord[]>();
    for (const r of records) byTenant.set(r.tenantId, [...(byTenant.get(r.tenantId) ?? []), r]);
    for (const [tenantId, list] of byTenant) await this.appendBlock(tx, tenantId, list);
    // the public link's token, made with the first record of an order (same transaction)
    await ensureTraceTokens(tx, records);
  }

  private async appendBlock(tx: Executor, tenantId: string, list: TraceRecord[]): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`izs-chain:${tenantId}`}))`);
    const [head] = await tx
      .select({ height: chainBlock.height, blockHash: chainBlock.blockHash })
      .from(chainBlock)
      .where(eq(chainBlock.tenantId, tenantId))
      .orderBy(desc(chainBlock.height))
      .limit(1);
    const [last] = await tx
      .select({ seq: chainTx.seq })
      .from(chainTx)
      .where(eq(chainTx.tenantId, tenantId))
      .orderBy(desc(chainTx.seq))
      .limit(1);
    const height = (head?.height ?? 0) + 1;
    const time = new Date().toISOString();
    let seq = last?.seq ?? 0;
    const txRows: (typeof chainTx.$inferInsert)[] = [];
    for (const [i, r] of list.entries()) {
      seq += 1;
      const payloadHash = await payloadHashOf(r.fields);
      const header: TxHeader = {
        v: CHAIN_VERSION,
        seq,
        tenantId,
        orderType: r.orderType,
        orderNo: r.orderNo,
        event: r.event,
        payloadHash,
        time,
      };
      txRows.push({
        tenantId,
        seq,
        blockHeight: height,
        txIndex: i,
        orderType: r.orderType,
        orderNo: r.orderNo,
        event: r.event,
        fields: canonicalJson(r.fields),
        payloadHash,
        txTime: time,
        txHash: await txHashOf(header),
      });
    }
    const txRoot = await txRootOf(txRows.map((t) => t.txHash));
    const block: BlockHeader = {
      v: CHAIN_VERSION,
      height,
      prevHash: head?.blockHash ?? GENESIS_HASH,
      txRoot,
      txCount: txRows.length,
      time,
    };
    await tx.insert(chainTx).values(txRows);
    await tx.insert(chainBlock).values({
      tenantId,
      height,
      prevHash: block.prevHash,
      txRoot,
      txCount: block.txCount,
      blockTime: time,
      blockHash: await blockHashOf(block),
    });
  }

  async lookup(db: Executor, orderType: string, orderNo: string, tenantId?: string): Promise<TraceLookup[]> {
    const conds = [eq(chainTx.orderType, orderType), eq(chainTx.orderNo, orderNo)];
    if (tenantId) conds.push(eq(chainTx.tenantId, tenantId));
    const all = await db
      .select()
      .from(chainTx)
      .where(and(...conds))
      .orderBy(asc(chainTx.tenantId), asc(chainTx.seq));
    const tenants = [...new Set(all.map((r) => r.tenantId))];
    const out: TraceLookup[] = [];
    for (const t of tenants) {
      const mine = all.filter((r) => r.tenantId === t);
      const latest = mine[mine.length - 1];
      const blocks = await db
        .select()
        .from(chainBlock)
        .where(
          and(
            eq(chainBlock.tenantId, t),
            sql`${chainBlock.height} in (${latest.blockHeight}, ${latest.blockHeight + 1})`,
          ),
        );
      const block = blocks.find((b) => b.height === latest.blockHeight);
      if (!block) continue;
      const next = blocks.find((b) => b.height === latest.blockHeight + 1);
      const inBlock = await db
        .select({ txHash: chainTx.txHash })
        .from(chainTx)
        .where(and(eq(chainTx.tenantId, t), eq(chainTx.blockHeight, block.height)))
        .orderBy(asc(chainTx.txIndex));
      out.push({
        tenantId: t,
        txIndex: latest.txIndex,
        proof: {
          fields: fieldsOf(latest.fields),
          tx: headerOf(latest),
          txHash: latest.txHash,
          block: blockHeaderOf(block),
          blockHash: block.blockHash,
          blockTxHashes: inBlock.map((r) => r.txHash),
          nextPrevHash: next?.prevHash ?? null,
        },
        history: mine.map((r) => ({
          seq: r.seq,
          orderType: r.orderType,
          orderNo: r.orderNo,
          event: r.event,
          time: r.txTime,
          txHash: r.txHash,
          blockHeight: r.blockHeight,
          txIndex: r.txIndex,
        })),
      });
    }
    return out;
  }

  async verify(db: Executor, tenantId: string): Promise<VerifyReport> {
    const blocks = await db
      .select()
      .from(chainBlock)
      .where(eq(chainBlock.tenantId, tenantId))
      .orderBy(asc(chainBlock.height));
    const txs = await db
      .select()
      .from(chainTx)
      .where(eq(chainTx.tenantId, tenantId))
      .orderBy(asc(chainTx.blockHeight), asc(chainTx.txIndex));
    const report = (brokenHeight: number | null, reason: string): VerifyReport => ({
      ok: brokenHeight === null,
      tenantId,
      blocks: blocks.length,
      txs: txs.length,
      brokenHeight,
      reason,
    });
    const byBlock = new Map<number, TxRow[]>();
    for (const t of txs) byBlock.set(t.blockHeight, [...(byBlock.get(t.blockHeight) ?? []), t]);
    let prevHash = GENESIS_HASH;
    let seq = 0;
    for (const [i, b] of blocks.entries()) {
      const h = b.height;
      const fail = (why: string) => report(h, `区块 #${h}：${why}`);
      if (h !== i + 1) return fail(`高度不连续（应为 ${i + 1}）`);
      if (b.prevHash !== prevHash) return fail('前块哈希与上一区块不符');
      const list = byBlock.get(h) ?? [];
      if (list.length !== b.txCount) return fail(`交易数为 ${list.length}，区块记录 ${b.txCount}`);
      for (const t of list) {
        seq += 1;
        if (t.seq !== seq) return fail(`交易序号不连续（${t.seq}，应为 ${seq}）`);
        const payload = await payloadHashOf(fieldsOf(t.fields));
        const what = `${traceKindLabel(t.orderType)} ${t.orderNo}（${traceEventLabel(t.event)}）`;
        if (payload !== t.payloadHash) return fail(`交易 ${what} 的字段内容与上链哈希不符`);
        if ((await txHashOf(headerOf(t))) !== t.txHash) return fail(`交易 ${what} 的哈希不符`);
      }
      if ((await txRootOf(list.map((t) => t.txHash))) !== b.txRoot) return fail('交易根不符');
      const hash = await blockHashOf(blockHeaderOf(b));
      if (hash !== b.blockHash) return fail('区块哈希不符');
      prevHash = hash;
    }
    const stray = txs.find((t) => !blocks.some((b) => b.height === t.blockHeight));
    if (stray) return report(stray.blockHeight, `区块 #${stray.blockHeight}：交易 ${stray.orderNo} 所在区块不存在`);
    return report(null, `${blocks.length} 个区块、${txs.length} 笔交易校验通过`);
  }
}

let active: TraceChain = new LocalHashChain();

/** The chain in use (tests and a consortium adapter may swap it). */
export function traceChain(): TraceChain {
  return active;
}

export function setTraceChain(chain: TraceChain): void {
  active = chain;
}
