/** Asks before a destructive action. One place, so a custom dialog can replace the browser's later. */
export const confirmAction = (message: string): boolean => window.confirm(message);
