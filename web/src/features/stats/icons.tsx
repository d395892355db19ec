import { Icon, type IconProps } from '../../components/ui/icons';

export const DownloadIcon = (p: IconProps) => <Icon {...p}><path d="M12 4v11M7 10l5 5 5-5M4 19h16" /></Icon>;
export const CheckCircleIcon = (p: IconProps) => <Icon {...p}><circle cx="12" cy="12" r="9" /><path d="M8 12l3 3 5-6" /></Icon>;
export const StarIcon = (p: IconProps) => <Icon {...p}><path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" /></Icon>;
export const PercentIcon = (p: IconProps) => <Icon {...p}><path d="M19 5L5 19" /><circle cx="7" cy="7" r="2.5" /><circle cx="17" cy="17" r="2.5" /></Icon>;
export const LayersIcon = (p: IconProps) => <Icon {...p}><path d="M12 3l9 5-9 5-9-5zM3 13l9 5 9-5" /></Icon>;
export const PulseIcon = (p: IconProps) => <Icon {...p}><path d="M3 12h4l2-5 4 10 2-5h6" /></Icon>;
