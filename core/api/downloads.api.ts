/**
 * Typed download functions of the file descriptors (answer: fileAnswer(kind)); a screen's button uses
 * `useFileDownload(reverseFiles.export)` (core/api/endpoints.ts) → `download({ month })` saves the file.
 */
import { LEDGER_FILES } from '../contract/izs-contract/ledger-export.contract.ts';
import { REVERSE_FILES } from '../contract/izs-finance-ar/reverse-export.contract.ts';
import { fileDownloads } from './endpoints.ts';

/** 反向开票月度清单 (.xlsx). */
export const reverseFiles = fileDownloads(REVERSE_FILES);
/** 采购台账 / 销售台账 (.xlsx). */
export const ledgerFiles = fileDownloads(LEDGER_FILES);
