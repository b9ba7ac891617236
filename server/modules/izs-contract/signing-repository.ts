/**
 * The signature rows of a trading contract (izs_contract_signature) as signing.ts reads and writes them: how many
 * times a user signed it, the signer's real name, a signature written.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client.ts';
import { contractSignature } from '../../db/schema/index.ts';

/** The signatures of `userId` on a contract, counted (one row `{ n }`). */
export async function signaturesOf(ex: Executor, contractId: string, userId: string) {
  return rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from izs_contract_signature where contract_id = ${contractId} and signer_id = ${userId}`,
  );
}

export async function realNameOf(tx: Tx, userId: string) {
  const [realName] = await rows<{ real_name: string }>(tx, sql`select real_name from blade_user where id = ${userId}`);
  return realName;
}

export async function insertSignature(tx: Tx, v: typeof contractSignature.$inferInsert) {
  const [sig] = await tx.insert(contractSignature).values(v).returning();
  return sig;
}
