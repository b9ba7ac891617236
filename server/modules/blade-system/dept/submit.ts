/**
 * POST dept/submit, dept/remove (bladex-contract §5.1): the add / edit / delete button of 机构管理 or 部门管理; a move
 * rewrites the ancestors of the subtree; removal is refused while child departments, users or employees remain.
 */
import { DEPT } from '../../../../core/contract/blade-system/dept.contract.ts';
import { idSchema } from '../../../../core/contract/common.ts';
import type { Db } from '../../../db/client.ts';
import type { endpoints, Handler } from '../../../platform/endpoint.ts';
import { diff, writeOperationLog } from '../../../platform/logs.ts';
import { badRequest, notFound } from '../../../platform/r.ts';
import { parse } from '../../../platform/validate.ts';
import {
  childDepts,
  deptOf,
  deptsOf,
  employeeOf,
  insertDept,
  lockDept,
  memberOf,
  moveSubtree,
  removeDepts,
  updateDept,
} from './dept-repository.ts';
import { permit } from './shared.ts';

export function handleDeptWrites(r: ReturnType<typeof endpoints>, db: Db): void {
  r.handle(DEPT.submit, submitDept(db));
  r.handle(DEPT.remove, removeDept(db));
}

function submitDept(db: Db): Handler<typeof DEPT.submit> {
  return async ({ req, body, user: u }) => {
    await permit(db, u, body.id ? 'edit' : 'add');
    await db.transaction(async (tx) => {
      let parentId = '0';
      let ancestors = '0';
      if (body.parentId !== undefined) {
        if (body.id && body.parentId === body.id) throw badRequest('父节点不可选择自身!');
        const pid = parse(idSchema, body.parentId);
        const p = await deptOf(tx, u, pid);
        if (!p[0]) throw badRequest('上级机构不存在!');
        if (body.id && `,${p[0].ancestors},`.includes(`,${body.id},`)) {
          throw badRequest('父节点不可选择自身的子节点!');
        }
        parentId = pid;
        ancestors = `${p[0].ancestors},${pid}`;
      }
      const values = {
        parentId,
        ancestors,
        deptName: body.deptName,
        fullName: body.fullName ?? body.deptName,
        deptCategory: body.deptCategory,
        sort: body.sort,
        remark: body.remark ?? '',
      };
      if (body.id) {
        const prev = await lockDept(tx, u, body.id);
        if (!prev[0]) throw notFound('机构不存在');
        await updateDept(tx, u, body.id, values);
        if (prev[0].ancestors !== ancestors) {
          // move the subtree: rewrite the ancestors prefix of every descendant
          await moveSubtree(tx, u, `${prev[0].ancestors},${body.id}`, `${ancestors},${body.id}`);
        }
        await writeOperationLog(tx, req, `修改机构: ${body.deptName}`, diff(prev[0], values));
      } else {
        await insertDept(tx, u, values);
        await writeOperationLog(tx, req, `新增机构: ${body.deptName}`);
      }
    });
    return null;
  };
}

function removeDept(db: Db): Handler<typeof DEPT.remove> {
  return async ({ req, query, user: u }) => {
    await permit(db, u, 'delete');
    const ids = query.ids;
    await db.transaction(async (tx) => {
      const found = await deptsOf(tx, u, ids);
      if (found.length !== new Set(ids).size) throw notFound('机构不存在');
      const kids = await childDepts(tx, u, ids);
      if (kids.some((k) => !ids.includes(k.id))) throw badRequest('请先删除子机构');
      const members = await memberOf(tx, u, ids);
      if (members[0]) throw badRequest(`机构下还有用户(${members[0].account})，不能删除`);
      const employees = await employeeOf(tx, u, ids);
      if (employees[0]) throw badRequest(`机构下还有员工(${employees[0].name})，不能删除`);
      await removeDepts(tx, u, ids);
      await writeOperationLog(tx, req, `删除机构: ${ids.join(',')}`);
    });
    return null;
  };
}
