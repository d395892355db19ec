export { Button, type ButtonProps } from './Button';
export { Badge, RoleBadge, ActiveBadge, type BadgeTone } from './Badge';
export { Card, PageHeader, Detail } from './Card';
export { EmptyState } from './EmptyState';
export { Field, TextField, TextAreaField, SelectField, ToggleField, inputClass } from './Field';
export { Modal } from './Modal';
export { Spinner, FullPageSpinner, SectionSpinner } from './Spinner';
export { confirmAction } from './confirm';
export { cx } from './cx';
