import { Modal } from '../../components/ui';
import { ChangePasswordForm } from './ChangePasswordForm';

export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Change Password" onClose={onClose}>
      <ChangePasswordForm onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
