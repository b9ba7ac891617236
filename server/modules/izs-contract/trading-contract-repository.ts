/**
 * The 贸易合同 rows (izs_trading_contract, izs_trading_contract_line) as the save and the state moves write them:
 * lock one, check the party and the materials, write a draft with its lines, set a state. Used by
 * trading-contract.ts and signing.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { material, relatedParty, tradingContract, tradingContractLine } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Row } from '../../platform/crud/index.ts';
import { badRequest } from '../../platform/r.ts';
import { effectiveDept, tenantIs } from '../../platform/scope.ts';

type ContractValues = Partial<typeof tradingContract.$inferInsert>;
type LineValues = Omit<typeof tradingContractLine.$inferInsert, 'contractId'>;

/** Locks a contract of the tenant (FOR UPDATE). */
export async function lockContract(tx: Tx, tenantId: string, id: string): Promise<Row> {
  const [row] = (await tx
    .select()
    .from(tradingContract)
    .where(and(eq(tradingContract.id, id), tenantIs(tenantId, tradingContract)))
    .for('update')) as Row[];
  if (!row) throw badRequest('合同不存在');
  return row;
}

/** The type of a party of the tenant (undefined when it is not the tenant's). */
export async function partyType(tx: Tx, tenantId: string, partyId: string) {
  const [p] = await tx
    .select({ type: relatedParty.type })
    .from(relatedParty)
    .where(and(eq(relatedParty.id, partyId), tenantIs(tenantId, relatedParty)));
  return p;
}

/** Which of `ids` are the tenant's materials. */
export async function knownMaterials(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  const mats = await tx
    .select({ id: material.id })
    .from(material)
    .where(and(inArray(material.id, ids), tenantIs(tenantId, material)));
  return new Set(mats.map((m) => m.id));
}

/** A draft's new values; its lines go (the caller writes them again). */
export async function updateDraft(tx: Tx, id: string, values: ContractValues) {
  await tx.update(tradingContract).set(values).where(eq(tradingContract.id, id));
  await tx.delete(tradingContractLine).where(eq(tradingContractLine.contractId, id));
}

/** A new draft numbered `contractNo`; answers its id. */
export async function insertDraft(tx: Tx, user: AuthUser, contractNo: string, values: ContractValues) {
  const [row] = await tx
    .insert(tradingContract)
    .values({
      ...values,
      tenantId: user.tenantId,
      deptId: effectiveDept(user),
      createUser: user.userId,
      createDept: effectiveDept(user),
      contractNo,
      state: 'draft',
    } as typeof tradingContract.$inferInsert)
    .returning({ id: tradingContract.id });
  return row.id;
}

export async function insertLines(tx: Tx, id: string, lines: LineValues[]) {
  await tx.insert(tradingContractLine).values(lines.map((l) => ({ ...l, contractId: id })));
}

/** A state move's columns (state, who and when). */
export async function setContract(tx: Tx, id: string, set: Row) {
  await tx
    .update(tradingContract)
    .set(set as never)
    .where(eq(tradingContract.id, id));
}
