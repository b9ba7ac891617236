/**
 * Screen layout (issue 23, features/crud/resource-layout.ts): the number boxes' bounds of the 业务配置 / 财务参数 cards,
 * whose fields are core/contract/izs-base/config.contract.ts (`BUSINESS_CONFIG_FIELDS`, `FINANCE_CONFIG_FIELDS`).
 */
import { BUSINESS_CONFIG_FIELDS, FINANCE_CONFIG_FIELDS } from '../../core/contract/izs-base/config.contract.ts';
import { withFormLayout } from '../../features/crud/resource-layout.ts';

export const businessConfigFields = withFormLayout(BUSINESS_CONFIG_FIELDS, {
  weighStableSeconds: { min: 1, max: 60 },
  pricePrecision: { min: 0, max: 4 },
  weightPrecision: { min: 0, max: 3 },
});

export const financeConfigFields = withFormLayout(FINANCE_CONFIG_FIELDS, { amountPrecision: { min: 0, max: 4 } });
