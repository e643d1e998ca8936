import { useUserInfo } from '../auth';
import { holds } from '../../lib/permissions';
import { ScreensList } from './ScreensList';
import { ScreensOverview } from './ScreensOverview';

/**
 * /point: the screens list for roles that may list them; a role that may only open the section (observer)
 * sees the screens with their status.
 */
export function PointsPage() {
  const { data: me } = useUserInfo();
  if (!me) return null;
  return holds(me, 'point.list') ? <ScreensList /> : <ScreensOverview />;
}
