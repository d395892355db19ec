import { LIMITS, PRIORITIES, type Priority, type Task, type UpdateTaskRequest, type User } from '@kpi/contracts';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { FormModal, SelectField, TextAreaField, TextField } from '../../components/ui';
import { ExecutivePicker } from './ExecutivePicker';
import { capitalize } from '../../lib/format';
import { applyTask, loadTasks } from './actions';
import { tasksApi } from './api';
import { fromLocalInput, toLocalInput } from '../../lib/localDateInput';
import { isPastDeadline, validateTaskForm, type TaskFormField } from './rules';

interface TaskFormProps {
  /** null: create. */
  task: Task | null;
  /** The company whose executives can be picked, and those the screen has loaded (inactive ones cannot be given work). */
  companyId: string | null;
  executives: readonly User[];
  onClose: () => void;
}

type OpenStatus = 'pending' | 'in-progress';

/** Create or edit a task, in a modal. Validation runs here first, with the messages of docs/product.md#validation-messages. */
export function TaskForm({ task, companyId, executives, onClose }: TaskFormProps) {
  const ids = { title: useId(), description: useId(), assignedTo: useId(), deadline: useId(), reportLink: useId() } satisfies Record<TaskFormField, string>;
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [assignedTo, setAssignedTo] = useState(task?.assignedTo?._id ?? '');
  const [deadline, setDeadline] = useState(toLocalInput(task?.deadline));
  const [priority, setPriority] = useState<Priority>(task?.priority ?? 'medium');
  const [reportLink, setReportLink] = useState(task?.reportLink ?? '');
  const initialStatus: OpenStatus = task?.status === 'in-progress' ? 'in-progress' : 'pending';
  const [status, setStatus] = useState<OpenStatus>(initialStatus);
  const [invalid, setInvalid] = useState<TaskFormField | null>(null);

  // Submitted work stays with its author: the server refuses to reassign it or rewind its status.
  const locked = task?.submission != null;
  const pastDeadline = isPastDeadline(deadline);

  const save = async (): Promise<string | null> => {
    const problem = validateTaskForm({ title, description, assignedTo, deadline, reportLink });
    if (problem) {
      setInvalid(problem.field);
      toast.error(problem.message);
      document.getElementById(ids[problem.field])?.focus();
      return null;
    }
    setInvalid(null);
    const fields = {
      title: title.trim(),
      description: description.trim(),
      assignedTo,
      deadline: fromLocalInput(deadline)!,
      priority,
      reportLink: reportLink.trim(),
    };
    if (task) {
      const body: UpdateTaskRequest = { ...fields };
      if (locked) delete body.assignedTo;
      else if (status !== initialStatus) body.status = status;
      applyTask(await tasksApi.update(task._id, body));
      return 'Task updated successfully';
    }
    applyTask(await tasksApi.create(fields));
    return 'Task created successfully';
  };

  const invalidProps = (field: TaskFormField) => ({ id: ids[field], 'aria-invalid': invalid === field || undefined });

  return (
    <FormModal
      title={task ? 'Edit Task' : 'Create Task'}
      onClose={onClose}
      size="lg"
      noValidate
      submitLabel={task ? 'Update Task' : 'Create Task'}
      onSubmit={save}
      onSaved={() => void loadTasks({ kind: 'company' }, { quiet: true })}
    >
      <TextField label="Title" required maxLength={LIMITS.title} value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Quarterly sales report" {...invalidProps('title')} />
      <TextAreaField
        label="Description"
        required
        rows={3}
        maxLength={LIMITS.description}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        placeholder="What needs to be done, and what a good result looks like"
        {...invalidProps('description')}
      />
      <ExecutivePicker
        companyId={companyId}
        loaded={executives}
        assignee={task?.assignedTo}
        value={assignedTo}
        onChange={setAssignedTo}
        locked={locked}
        selectProps={invalidProps('assignedTo')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Deadline"
          type="datetime-local"
          required
          value={deadline}
          onChange={(e) => setDeadline(e.target.value)}
          hint={pastDeadline ? <span className="font-medium text-amber-700">This deadline is in the past — the task will be recorded as overdue</span> : undefined}
          {...invalidProps('deadline')}
        />
        <SelectField label="Priority" value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {capitalize(p)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Report Link"
        type="url"
        required
        inputMode="url"
        maxLength={LIMITS.url}
        value={reportLink}
        onChange={(e) => setReportLink(e.target.value)}
        placeholder="https://reports.example.com/..."
        {...invalidProps('reportLink')}
      />
      {task && !locked && (
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as OpenStatus)}>
          <option value="pending">Pending</option>
          <option value="in-progress">In Progress</option>
        </SelectField>
      )}
    </FormModal>
  );
}
