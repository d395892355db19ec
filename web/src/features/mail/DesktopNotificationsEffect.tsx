import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from '../../lib/store';
import { onEvent } from '../../lib/socket';
import { sessionUserAtom } from '../../session/atoms';
import { notifyInBackground } from './desktopNotifications';

const HIGH = new Set(['high', 'urgent']);

/**
 * Background tabs: a score or badge of the signed-in executive, and a high-priority announcement, become a
 * browser notification while the tab is hidden (desktopNotifications.ts decides whether one is shown).
 */
export function DesktopNotificationsEffect() {
  const user = useAtomValue(sessionUserAtom);
  const navigate = useNavigate();
  const userId = user?._id ?? null;
  const role = user?.role ?? null;
  useEffect(() => {
    if (!userId || !role) return;
    const open = (path: string) => void navigate(path);
    const offs = [
      onEvent('task.scored', ({ id, payload }) => {
        const { task } = payload;
        if (role !== 'executive' || task.assignedTo?._id !== userId || !task.scoring) return;
        notifyInBackground(
          { id, title: payload.rescored ? 'Your task was re-scored' : 'Your task was scored', body: `"${task.title}" scored ${task.scoring.totalScore.toFixed(1)}/10`, path: '/executive/tasks' },
          open,
        );
      }),
      onEvent('badge.awarded', ({ id, payload }) => {
        if (role !== 'executive' || payload.userId !== userId) return;
        const { badge } = payload.userBadge;
        notifyInBackground({ id, title: `Badge earned: ${badge.name}`, body: payload.userBadge.reason ?? badge.description, path: '/executive/profile' }, open);
      }),
      onEvent('announcement.created', ({ id, payload }) => {
        const { announcement } = payload;
        if (!HIGH.has(announcement.priority)) return;
        notifyInBackground({ id, title: `Announcement: ${announcement.title}`, body: announcement.content, path: `/${role}/announcements` }, open);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [userId, role, navigate]);
  return null;
}
