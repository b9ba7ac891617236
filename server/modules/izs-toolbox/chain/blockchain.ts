/**
 * GET /api/izs-toolbox/blockchain/transaction-by-order-no (public, spec §7.8) and GET …/blockchain/verify
 * (open_chain view): the trace chain's answers (server/platform/trace-chain). Contract:
 * core/contract/izs-toolbox/blockchain.contract.ts; answer shape: core/trace/answer.ts.
 */
import type { FastifyInstance } from 'fastify';
import { BLOCKCHAIN } from '../../../../core/contract/izs-toolbox/blockchain.contract.ts';
import type { TraceData } from '../../../../core/trace/answer.ts';
import { structFieldsOf } from '../../../../core/trace/fields.ts';
import type { Db } from '../../../db/client.ts';
import { endpoints } from '../../../platform/endpoint.ts';
import { badRequest } from '../../../platform/r.ts';
import { type TraceLookup, traceChain } from '../../../platform/trace-chain/chain.ts';

/** The spec §7.8 data object of one looked-up order. */
export function traceDataOf(found: TraceLookup, chainName: string): TraceData {
  const { proof } = found;
  return {
    transactionReceipt: {
      chain: chainName,
      version: proof.tx.v,
      transactionHash: proof.txHash,
      hash: proof.txHash,
      blockNumber: proof.block.height,
      blockHash: proof.blockHash,
      transactionIndex: found.txIndex,
      from: `tenant:${found.tenantId}`,
      to: 'loopyard-trace',
      status: 0,
      message: 'Success',
      input: proof.tx.payloadHash,
      output: '',
      logEntries: [],
      timestamp: proof.tx.time,
    },
    methodArgs: {
      methodName: proof.tx.event,
      orderType: proof.tx.orderType,
      orderNo: proof.tx.orderNo,
      structFields: structFieldsOf(proof.fields),
    },
    proof,
    history: found.history.map((h) => ({
      event: h.event,
      time: h.time,
      txHash: h.txHash,
      blockNumber: h.blockHeight,
    })),
  };
}

export function registerBlockchain(app: FastifyInstance, db: Db): void {
  const r = endpoints(app, db);
  r.handle(BLOCKCHAIN.transactionByOrderNo, async ({ query, user }) => {
    const chain = traceChain();
    // signed in: the caller's tenant; the public page: the link's tenantId, else the order number must be unique
    const tenantId = user?.tenantId ?? query.tenantId;
    const found = await chain.lookup(db, query.orderType, query.orderNo, tenantId);
    if (!found.length) throw badRequest('未找到该单据的上链记录');
    if (found.length > 1) throw badRequest('该单据编号在多个租户下存在，请使用带租户编号的溯源链接');
    return JSON.stringify(traceDataOf(found[0], chain.name));
  });
  r.handle(BLOCKCHAIN.verify, async ({ user }) => {
    const chain = traceChain();
    const report = await chain.verify(db, user.tenantId);
    return {
      ok: report.ok,
      chain: chain.name,
      blocks: report.blocks,
      txs: report.txs,
      brokenHeight: report.brokenHeight,
      reason: report.reason,
      checkedAt: new Date().toISOString(),
    };
  });
}
