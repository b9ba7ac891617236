/**
 * Signing a trading contract (spec §7.1 GET /api/izs-sell/trading-contract/redirect/cert) behind an e-signature
 * provider interface. The built-in provider signs inside Loopyard: the signing step is the contract page
 * (`/contract/trading/view/:id?sign=1`), and a signature records the signer, the time and the SHA-256 of the
 * printed contract (core/trade/printed.ts) — `verify` hashes again, so a later change of any printed field is seen.
 * An external provider (e.g. a CA's 电子签章 service) implements the same interface: its `startUrl` is its own
 * signing page and its `sign` answers its reference. Only an approved (执行中) contract is signed.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toCapital } from '../../../core/accounting/capital.ts';
import {
  type PartyParticulars,
  TRADING,
  type TradingContractFull,
} from '../../../core/contract/izs-contract/trading-contract.contract.ts';
import { TRACE_EVENTS, TRACE_ORDER_TYPES, tracePath } from '../../../core/trace/fields.ts';
import { printedText } from '../../../core/trade/printed.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { bank, orgManage, relatedParty, tenant } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { CrudContext, Resource } from '../../platform/crud/index.ts';
import { endpoints, type Handler } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { enqueueOpenEvent } from '../../platform/open-events.ts';
import { badRequest } from '../../platform/r.ts';
import { tenantIs, tenantOnly } from '../../platform/scope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { traceChain } from '../../platform/trace-chain/chain.ts';
import { insertSignature, realNameOf, signaturesOf } from './signing-repository.ts';
import { lockContract } from './trading-contract-repository.ts';
import { fullFor, loadFull } from './trading-detail.ts';

export interface SignRequest {
  contract: TradingContractFull;
  text: string;
  hash: string;
  signer: AuthUser;
}

/** An e-signature provider. */
export interface ESignProvider {
  name: string;
  /** Where the user goes to sign (a route of the back office or the provider's page). */
  startUrl(contractId: string): string;
  /** Signs; answers the provider's reference (built-in: ''). */
  sign(r: SignRequest): Promise<{ externalRef: string }>;
}

export const builtinProvider: ESignProvider = {
  name: 'builtin',
  startUrl: (id) => `/contract/trading/view/${id}?sign=1`,
  sign: async () => ({ externalRef: '' }),
};

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

async function companyName(ex: Executor, tenantId: string): Promise<string> {
  const [t] = await ex.select({ name: tenant.tenantName }).from(tenant).where(tenantOnly(tenantId, tenant));
  return t?.name ?? '';
}

/**
 * Both parties' particulars for the printed contract (issue 26): the counterparty from its record (a deleted party
 * still prints), ours from 组织管理 (the organisation of the company's name, else the first) and the default bank
 * account. Blank where a record says nothing.
 */
export async function particulars(
  ex: Executor,
  tenantId: string,
  c: Pick<TradingContractFull, 'side' | 'partyId' | 'partyName'>,
  company: string,
): Promise<{ buyer: PartyParticulars; seller: PartyParticulars }> {
  const [party] = await ex
    .select()
    .from(relatedParty)
    .where(and(tenantOnly(tenantId, relatedParty), eq(relatedParty.id, c.partyId)));
  const orgs = await ex.select().from(orgManage).where(tenantIs(tenantId, orgManage)).orderBy(asc(orgManage.id));
  const org = orgs.find((o) => o.name === company) ?? orgs[0];
  const [account] = await ex
    .select()
    .from(bank)
    .where(tenantIs(tenantId, bank))
    .orderBy(desc(bank.isDefault), asc(bank.id))
    .limit(1);
  const ours: PartyParticulars = {
    name: company || org?.name || '',
    address: org?.address ?? '',
    taxpayerId: org?.creditCode ?? '',
    bankName: account?.bankName ?? '',
    bankAccount: account?.bankAccount ?? '',
    contact: org?.legalPerson ?? '',
    phone: org?.phone ?? '',
  };
  const theirs: PartyParticulars = {
    name: c.partyName || party?.name || '',
    address: party?.address ?? '',
    taxpayerId: party?.taxpayerId ?? '',
    bankName: party?.bankName ?? '',
    bankAccount: party?.bankAccount ?? '',
    contact: party?.contact ?? '',
    phone: party?.phone ?? '',
  };
  return c.side === 'purchase' ? { buyer: ours, seller: theirs } : { buyer: theirs, seller: ours };
}

/** The printed contract of `c` with its hash. */
export async function printed(ex: Executor, tenantId: string, c: TradingContractFull) {
  const company = await companyName(ex, tenantId);
  const text = printedText({ ...c, companyName: company });
  return { company, text, hash: sha256(text) };
}

/**
 * A signature is chained (trace chain, one block) and queued for the open platform's webhooks
 * (`trading_contract.signed`), in the signing transaction: a signature never exists without its record.
 */
export async function traceSigned(
  tx: Tx,
  tenantId: string,
  c: TradingContractFull,
  s: { signerName: string; provider: string; docHash: string; signedAt: string; operator: string },
): Promise<void> {
  const orderType = 'trading_contract';
  const fields = {
    orderNo: c.contractNo,
    orderType: TRACE_ORDER_TYPES[orderType],
    event: TRACE_EVENTS.signed,
    eventTime: s.signedAt,
    operator: s.operator,
    title: c.title,
    side: c.side === 'sale' ? '销售' : '采购',
    partyName: c.partyName,
    signDate: c.signDate,
    totalQty: c.totalQty,
    totalAmount: c.totalAmount,
    signerName: s.signerName,
    provider: s.provider,
    docHash: s.docHash,
  };
  await traceChain().append(tx, [{ tenantId, orderType, orderNo: c.contractNo, event: 'signed', fields }]);
  await enqueueOpenEvent(tx, tenantId, 'trading_contract.signed', {
    orderType,
    orderNo: c.contractNo,
    fields,
    tracePath: tracePath(orderType, c.contractNo, tenantId),
  });
}

export function registerSigning(
  app: FastifyInstance,
  ctx: CrudContext,
  res: Resource,
  provider: ESignProvider = builtinProvider,
): void {
  const { db, tz } = ctx;
  const r = endpoints(app, db);
  r.handle(TRADING.redirectCert, redirectCert(db, ctx, res, provider));
  r.handle(TRADING.sign, sign(db, tz, res, provider));
  r.handle(TRADING.verify, verify(db, ctx, res));
  r.handle(TRADING.print, print(db, ctx, res));
}

function redirectCert(
  db: Db,
  ctx: CrudContext,
  res: Resource,
  provider: ESignProvider,
): Handler<typeof TRADING.redirectCert> {
  return async ({ query, user, req }) => {
    const c = await fullFor(db, res, ctx, req, user, query.id);
    if (c.state !== 'executing') throw badRequest('合同审核通过后才能签署');
    const [mine] = await signaturesOf(db, query.id, user.userId);
    if (Number(mine?.n ?? 0) > 0) throw badRequest('您已签署过该合同');
    return { provider: provider.name, url: provider.startUrl(query.id) };
  };
}

function sign(db: Db, tz: string, res: Resource, provider: ESignProvider): Handler<typeof TRADING.sign> {
  return async ({ body, user, req }) => {
    await res.load(db, req, user, body.id);
    return db.transaction(async (tx) => {
      await lockContract(tx, user.tenantId, body.id);
      const c = await loadFull(tx, tz, user.tenantId, body.id);
      if (c.state !== 'executing') throw badRequest('合同审核通过后才能签署');
      const p = await printed(tx, user.tenantId, c);
      const done = await signaturesOf(tx, body.id, user.userId);
      if (Number(done[0]?.n ?? 0) > 0) throw badRequest('您已签署过该合同');
      const ext = await provider.sign({ contract: c, text: p.text, hash: p.hash, signer: user });
      const realName = await realNameOf(tx, user.userId);
      const sig = await insertSignature(tx, {
        tenantId: user.tenantId,
        contractId: body.id,
        provider: provider.name,
        signerId: user.userId,
        signerName: realName?.real_name || user.account || '',
        docHash: p.hash,
        externalRef: ext.externalRef,
      });
      await writeOperationLog(tx, req, '签署贸易合同', { docHash: [null, p.hash] });
      await traceSigned(tx, user.tenantId, c, {
        signerName: sig.signerName,
        provider: sig.provider,
        docHash: sig.docHash,
        signedAt: formatDateTime(sig.signedAt, tz),
        operator: realName?.real_name || user.account || '',
      });
      return {
        id: sig.id,
        provider: sig.provider,
        signerName: sig.signerName,
        signedAt: formatDateTime(sig.signedAt, tz),
        docHash: sig.docHash,
      };
    });
  };
}

function verify(db: Db, ctx: CrudContext, res: Resource): Handler<typeof TRADING.verify> {
  return async ({ query, user, req }) => {
    const c = await fullFor(db, res, ctx, req, user, query.id);
    const p = await printed(db, user.tenantId, c);
    const last = c.signatures[c.signatures.length - 1];
    return {
      signed: !!last,
      currentHash: p.hash,
      signedHash: last?.docHash ?? '',
      changed: !!last && last.docHash !== p.hash,
    };
  };
}

function print(db: Db, ctx: CrudContext, res: Resource): Handler<typeof TRADING.print> {
  return async ({ query, user, req }) => {
    const c = await fullFor(db, res, ctx, req, user, query.id);
    const p = await printed(db, user.tenantId, c);
    const { execution: _e, documents: _d, openDocuments: _o, signatures: _s, ...contract } = c;
    return {
      contract,
      companyName: p.company,
      ...(await particulars(db, user.tenantId, c, p.company)),
      totalCapital: toCapital(c.totalAmount),
      printedText: p.text,
      hash: p.hash,
    };
  };
}
