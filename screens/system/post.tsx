import { ResourceListPage } from '../../features/crud/resource-list-page.tsx';
import { postView } from './post.resource.ts';

/** 岗位管理 (/system/post): the generic list page of the post resource. */
export default function PostScreen() {
  return <ResourceListPage def={postView} />;
}
