import { IconPlus } from '@douyinfe/semi-icons';
import { Button, Toast } from '@douyinfe/semi-ui';
import { useMemo, useState } from 'react';
import { refOf, useResourceDetailQuery } from '../../core/api/crud.api.ts';
import { useBaseEnvironmentMutation } from '../../core/api/izs-base.api.ts';
import { warehouseEnvironmentForm } from '../../core/contract/izs-base/warehouse.contract.ts';
import type { FormFieldDef } from '../../core/contract/resource.ts';
import { FormDialog } from '../../features/crud/form-dialog.tsx';
import { useResourcePermissions } from '../../features/crud/permissions.ts';
import { ResourceDetailPage } from '../../features/crud/resource-detail-page.tsx';
import type { ScreenProps } from '../../features/shell/guarded-router.tsx';
import { warehouseEnvironmentFields, warehouseView } from './warehouse.resource.ts';

/** 仓库详情 (/base/warehouse-detail/{id}): the warehouse and its environment patrols; 新增巡检 records one. */
export default function WarehouseDetailScreen({ path }: ScreenProps) {
  const id = path.split('/').pop() ?? '';
  const ref = useMemo(() => refOf(warehouseView), []);
  const detail = useResourceDetailQuery({ ref, id });
  const perms = useResourcePermissions(warehouseView.permission);
  const [addPatrol] = useBaseEnvironmentMutation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ResourceDetailPage
        def={warehouseView}
        id={id}
        title={(row) => `仓库详情：${row.name}（${row.code}）`}
        actions={() =>
          perms.edit && (
            <Button theme="solid" icon={<IconPlus />} onClick={() => setOpen(true)} data-testid="patrol-add">
              新增巡检
            </Button>
          )
        }
      />
      <FormDialog
        title="新增环境巡检"
        visible={open}
        fields={warehouseEnvironmentFields as FormFieldDef<Record<string, unknown>>[]}
        schema={warehouseEnvironmentForm}
        extra={{ warehouseId: id }}
        onClose={() => setOpen(false)}
        onSubmit={async (body) => {
          if ('error' in (await addPatrol(warehouseEnvironmentForm.parse(body)))) return false;
          Toast.success({ content: '新增成功', duration: 3 });
          void detail.refetch();
          return true;
        }}
      />
    </>
  );
}
