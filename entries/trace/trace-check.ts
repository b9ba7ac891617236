/**
 * What the public trace page checks (issue 14): every hash of the proof recomputed with WebCrypto
 * (core/trace/chain-hash.ts), and the receipt and field table shown match the proof that was hashed.
 */
import type { TraceData } from '../../core/trace/answer.ts';
import { type CheckResult, verifyProof } from '../../core/trace/chain-hash.ts';

export type Verdict = CheckResult | { ok: false; unavailable: string; checks: CheckResult['checks'] };

export async function checkTrace(data: TraceData): Promise<Verdict> {
  if (!globalThis.crypto?.subtle) {
    return { ok: false, unavailable: '当前页面不是安全连接（HTTPS），浏览器无法重算哈希', checks: [] };
  }
  const r = await verifyProof(data.proof);
  const receipt = data.transactionReceipt;
  const shownOk =
    receipt.blockHash === data.proof.blockHash &&
    receipt.transactionHash === data.proof.txHash &&
    receipt.blockNumber === data.proof.block.height &&
    data.methodArgs.structFields.length === Object.keys(data.proof.fields).length &&
    data.methodArgs.structFields.every((f) => data.proof.fields[f.key] === f.value);
  const checks = [
    ...r.checks,
    {
      name: '展示内容',
      ok: shownOk,
      detail: shownOk ? '页面展示的字段与区块信息即为被校验的内容' : '页面展示的字段或区块信息与被校验的内容不一致',
    },
  ];
  return { ok: r.ok && shownOk, checks };
}
