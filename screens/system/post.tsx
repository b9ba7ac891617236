import { postResource } from '../../core/contract/blade-system/post.contract.ts';
import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';

/** 岗位管理 (/system/post): the generic list page of the post resource. */
export default function PostScreen() {
  return <ResourceListPage def={postResource} />;
}
