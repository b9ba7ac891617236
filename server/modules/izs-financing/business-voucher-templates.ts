/**
 * 凭证模板 of the current book (descriptors BIZ_VOUCHER.template*): list (the book's defaults created on first use),
 * detail, submit (accounts must exist, be enabled and be leaves unless 按明细; a party line's account gets the
 * party's dimension when it is unused, else refused), remove (soft). Stock kinds and money kinds (issue 11) share
 * the engine; a money kind takes the money amount sources (金额, 手续费 …), a stock kind the document ones.
 * Queries: business-voucher-templates-repository.ts.
 */
import type { FastifyInstance } from 'fastify';
import { isArDocKind, isLeaf, isProductionDocType } from '../../../core/accounting/index.ts';
import {
  BIZ_PERMISSIONS,
  FINANCE_AMOUNT_SOURCES,
  isFinanceTemplateDocType,
  isMoneyDocType,
  MONEY_AMOUNT_SOURCES,
} from '../../../core/contract/izs-financing/business.contract.ts';
import { BIZ_VOUCHER } from '../../../core/contract/izs-financing/business-voucher.contract.ts';
import type { Db } from '../../db/client.ts';
import type { CrudContext } from '../../platform/crud/index.ts';
import { endpoints, type Handler, type HandlerInput } from '../../platform/endpoint.ts';
import { writeOperationLog } from '../../platform/logs.ts';
import { badRequest } from '../../platform/r.ts';
import { type BookChart, bookOf, loadBookChart, need } from './book.ts';
import {
  ensureDefaultTemplates,
  ensurePartyDimension,
  insertTemplate,
  kindName,
  loadTemplate,
  partySource,
  templateEntities,
} from './business-voucher-kit.ts';
import {
  bookWords,
  liveTemplatesOf,
  removeTemplates,
  templateNamed,
  templatesOf,
} from './business-voucher-templates-repository.ts';

const T = BIZ_PERMISSIONS.template;
const MONEY_SOURCES: string[] = MONEY_AMOUNT_SOURCES.map((s) => s.value);
const FINANCE_SOURCES: string[] = FINANCE_AMOUNT_SOURCES.map((s) => s.value);

export function registerVoucherTemplates(app: FastifyInstance, ctx: CrudContext): void {
  const r = endpoints(app, ctx.db);
  r.handle(BIZ_VOUCHER.templateList, templateList(ctx.db));
  r.handle(BIZ_VOUCHER.templateDetail, templateDetail(ctx.db));
  r.handle(BIZ_VOUCHER.templateSubmit, submitTemplate(ctx.db));
  r.handle(BIZ_VOUCHER.templateRemove, removeTemplateIds(ctx.db));
}

type TemplateForm = HandlerInput<typeof BIZ_VOUCHER.templateSubmit>['body'];

function templateList(db: Db): Handler<typeof BIZ_VOUCHER.templateList> {
  return async ({ query, req }) => {
    const c = bookOf(req);
    await db.transaction((tx) => ensureDefaultTemplates(tx, c));
    const list = await templatesOf(db, c.book.id, query.docType);
    return templateEntities(db, c.book, list);
  };
}

function templateDetail(db: Db): Handler<typeof BIZ_VOUCHER.templateDetail> {
  return async ({ query, req }) => {
    const c = bookOf(req);
    const t = await loadTemplate(db, c.book.id, query.id);
    return (await templateEntities(db, c.book, [t]))[0];
  };
}

/** Add or edit (by the body's id): the word exists, each line checked (party dimension ensured), name unique. */
function submitTemplate(db: Db): Handler<typeof BIZ_VOUCHER.templateSubmit> {
  return async ({ body: form, req }) => {
    const c = bookOf(req);
    const isUpdate = form.id !== undefined && form.id !== null && form.id !== '';
    await need(db, c.user, T, isUpdate ? 'edit' : 'add');
    const money = isMoneyDocType(form.docType);
    const id = await db.transaction(async (tx) => {
      await ensureDefaultTemplates(tx, c);
      const prev = isUpdate ? await loadTemplate(tx, c.book.id, String(form.id)) : undefined;
      const bc = await loadBookChart(tx, c.book);
      const words = await bookWords(tx, c.book.id);
      if (!words.some((w) => w.word === form.word)) throw badRequest(`凭证字「${form.word}」不存在`);
      for (const [i, l] of form.lines.entries()) {
        checkTemplateLine(form, money, bc, l, `第 ${i + 1} 行：`);
        if (l.auxSource !== 'none') {
          await ensurePartyDimension(tx, c, bc, l.accountCode, partySource(form.docType, l.auxSource), true);
        }
      }
      if (!form.lines.some((l) => l.side === 'debit') || !form.lines.some((l) => l.side === 'credit')) {
        throw badRequest('模板需要至少一条借方分录和一条贷方分录');
      }
      const dup = await templateNamed(tx, c.book.id, form.name);
      if (dup && dup.id !== prev?.id) throw badRequest(`模板名称「${form.name}」已存在`);
      const saved = await insertTemplate(tx, c, { ...form, lines: form.lines }, prev?.id);
      await writeOperationLog(tx, req, prev ? `修改凭证模板 ${form.name}` : `新增凭证模板 ${form.name}`, {
        name: [prev?.name ?? null, form.name],
      });
      return saved;
    });
    return (await templateEntities(db, c.book, [await loadTemplate(db, c.book.id, id)]))[0];
  };
}

/** One template line against the chart and the kind (no statement); refused with the line named by `where`. */
function checkTemplateLine(
  form: TemplateForm,
  money: boolean,
  bc: BookChart,
  l: TemplateForm['lines'][number],
  where: string,
) {
  const row = bc.rows.get(l.accountCode);
  if (!row) throw badRequest(`${where}科目 ${l.accountCode} 不存在`);
  if (row.status !== 1) throw badRequest(`${where}科目 ${l.accountCode} ${row.name} 已停用`);
  if (l.perMaterial !== 1 && !isLeaf(bc.chart, l.accountCode)) {
    throw badRequest(`${where}科目 ${l.accountCode} ${row.name} 不是末级科目（或勾选「按物料分明细」）`);
  }
  if (!money && (l.auxSource === 'customer' || l.auxSource === 'supplier'))
    throw badRequest(`${where}出入库单据的分录辅助核算应为「往来单位」`);
  if (isArDocKind(form.docType) && (l.perMaterial === 1 || l.amountSource.startsWith('cost')))
    throw badRequest(`${where}「${kindName(form.docType)}」没有物料明细和成本金额，请改用含税金额、不含税金额或税额`);
  if (isProductionDocType(form.docType)) {
    if (!l.amountSource.startsWith('cost'))
      throw badRequest(
        `${where}「${kindName(form.docType)}」只有成本金额，请改用产出成本（入库明细）、投入成本（出库明细）或成本金额`,
      );
    if (l.auxSource !== 'none')
      throw badRequest(`${where}「${kindName(form.docType)}」没有往来单位，辅助核算应为「无」`);
  }
  if (money !== MONEY_SOURCES.includes(l.amountSource))
    throw badRequest(`${where}金额来源「${l.amountSource}」不适用于「${kindName(form.docType)}」`);
  if (money && isFinanceTemplateDocType(form.docType) !== FINANCE_SOURCES.includes(l.amountSource))
    throw badRequest(
      isFinanceTemplateDocType(form.docType)
        ? `${where}「${kindName(form.docType)}」的金额来源应为金额（本金）、利息或本金+利息`
        : `${where}利息只适用于融资放款、融资还款，「${kindName(form.docType)}」请改用金额或手续费`,
    );
  if (isFinanceTemplateDocType(form.docType) && l.auxSource !== 'none')
    throw badRequest(`${where}「${kindName(form.docType)}」没有往来单位，辅助核算应为「无」`);
  if (l.auxSource !== 'none' && l.perMaterial === 1) throw badRequest(`${where}按明细的分录不能带往来单位辅助核算`);
}

function removeTemplateIds(db: Db): Handler<typeof BIZ_VOUCHER.templateRemove> {
  return async ({ query, req }) => {
    const c = bookOf(req);
    const ids = [...new Set(query.ids)];
    await db.transaction(async (tx) => {
      const found = await liveTemplatesOf(tx, c.book.id, ids);
      if (found.length !== ids.length) throw badRequest('凭证模板不存在');
      await removeTemplates(tx, c.user.userId, ids);
      await writeOperationLog(tx, req, '删除凭证模板', { templates: [found.map((f) => f.name).join(','), null] });
    });
    return null;
  };
}
