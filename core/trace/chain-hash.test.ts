import { describe, expect, it } from 'vitest';
import {
  blockHashOf,
  canonicalJson,
  GENESIS_HASH,
  payloadHashOf,
  sha256Hex,
  type TxProof,
  txHashOf,
  txRootOf,
  verifyProof,
} from './chain-hash.ts';
import { structFieldsOf, traceEventLabel, traceKindLabel, tracePath } from './fields.ts';

describe('canonical JSON (RFC 8785)', () => {
  it.each([
    [{ b: 1, a: [3, { d: null, c: true }] }, '{"a":[3,{"c":true,"d":null}],"b":1}'],
    [
      // biome-ignore lint/correctness/noPrecisionLoss: the RFC 8785 test vector is about exactly this
      { numbers: [333333333.33333329, 1e30, 4.5, 2e-3, 1e-27] },
      '{"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27]}',
    ],
    [{ '€': '€', $: '\u000f\n' }, '{"$":"\\u000f\\n","€":"€"}'],
    [{ 重量: '12.340', 金额: '1.00' }, '{"重量":"12.340","金额":"1.00"}'],
  ])('%j', (input, text) => {
    expect(canonicalJson(input)).toBe(text);
  });
  it('SHA-256 of a known text', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

async function proof(): Promise<TxProof> {
  const fields = { orderNo: 'RK202611250001', totalQty: '1234.500', totalAmount: '3703.50' };
  const tx = {
    v: 1,
    seq: 1,
    tenantId: '000000',
    orderType: 'in_stock',
    orderNo: 'RK202611250001',
    event: 'reviewed',
    payloadHash: await payloadHashOf(fields),
    time: '2026-11-25T04:00:00.000Z',
  };
  const txHash = await txHashOf(tx);
  const block = {
    v: 1,
    height: 1,
    prevHash: GENESIS_HASH,
    txRoot: await txRootOf([txHash]),
    txCount: 1,
    time: tx.time,
  };
  return {
    fields,
    tx,
    txHash,
    block,
    blockHash: await blockHashOf(block),
    blockTxHashes: [txHash],
    nextPrevHash: null,
  };
}

describe('verifyProof', () => {
  it('an untouched proof checks out', async () => {
    const r = await verifyProof(await proof());
    expect(r.ok).toBe(true);
    expect(r.checks.map((c) => c.name)).toEqual(['字段哈希', '交易哈希', '区块收录', '交易根', '区块哈希']);
  });
  it.each<[string, (p: TxProof) => void, string]>([
    ['a changed field', (p) => Object.assign(p.fields, { totalQty: '9234.500' }), '字段哈希'],
    ['a changed event', (p) => Object.assign(p.tx, { event: 'voided' }), '交易哈希'],
    ['a foreign transaction', (p) => Object.assign(p, { blockTxHashes: ['0'.repeat(64)] }), '区块收录'],
    ['a changed block time', (p) => Object.assign(p.block, { time: '2026-01-01T00:00:00.000Z' }), '区块哈希'],
    ['a next block pointing elsewhere', (p) => Object.assign(p, { nextPrevHash: 'f'.repeat(64) }), '后续区块链接'],
  ])('%s fails at %s', async (_name, change, failing) => {
    const p = await proof();
    change(p);
    const r = await verifyProof(p);
    expect(r.ok).toBe(false);
    expect(r.checks.find((c) => !c.ok)?.name).toBe(failing);
  });
});

describe('field table and link', () => {
  it('orders known fields first, lines by number, unknown keys last', () => {
    const f = structFieldsOf({ zz: '1', line10: 'b', line2: 'a', amount: '5', orderNo: 'X' });
    expect(f.map((x) => x.name)).toEqual(['单据编号', '金额', '明细2', '明细10', 'zz']);
  });
  it('encodes the trace link with its token', () => {
    expect(tracePath('in_stock', 'RK 1', 'abc_DEF-0123456789abcd')).toBe(
      '/blockchain-info/in_stock/RK%201?t=abc_DEF-0123456789abcd',
    );
  });
  it('labels every chained kind and event in Chinese', () => {
    for (const k of ['out_stock', 'weighing', 'contract', 'trading_contract', 'collection', 'payment', 'invoice_in']) {
      expect(traceKindLabel(k)).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
    for (const e of ['completed', 'reviewed', 'voided', 'signed', 'saved', 'recorded']) {
      expect(traceEventLabel(e)).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
    expect(traceKindLabel('unknown_kind')).toBe('unknown_kind');
  });
});
