import type { ResourceDef } from '../../core/contract/resource.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { ResourceTreePage } from '../../features/crud/resource-tree-page.tsx';

/**
 * The dictionary tree shared by 系统字典 and 业务字典: an item added under a row takes its code; sealed rows are
 * locked for everyone but administrators (the server refuses them too).
 */
export function DictTree({ def }: { def: ResourceDef }) {
  const isAdministrator = useAppSelector((s) => s.session.roles.includes('administrator'));
  return (
    <ResourceTreePage
      def={def}
      expandDepth={0}
      childDefaults={(row) => ({ parentId: row.id, code: row.code, isSealed: row.isSealed })}
      lockedReason={(row) => (row.isSealed === 1 && !isAdministrator ? '封存的字典只有超级管理员可以修改' : undefined)}
    />
  );
}
