import { AdminTaskList } from '../../features/tasks/AdminTaskList';

export function AdminTasksPage() {
  return <AdminTaskList />;
}
