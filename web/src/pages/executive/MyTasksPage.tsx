import { MyTaskList } from '../../features/tasks/MyTaskList';

export function MyTasksPage() {
  return <MyTaskList />;
}
