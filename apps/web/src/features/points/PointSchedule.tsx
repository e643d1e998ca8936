import { useState } from 'react';
import type { Point } from '@vitrine/core';
import { DaySchedule } from '../../components/schedule/DaySchedule';
import { usePermission } from '../../lib/permissions';
import { useDailySchedule } from '../dashboard';

/** The schedule tab (spec §2): a screen's day as the schedule engine plans it, and what it could not plan. */
export function PointSchedule({ point }: { point: Point }) {
  const allowed = usePermission('point.schedule');
  const [date, setDate] = useState<string | undefined>(undefined);
  const result = useDailySchedule(point.id, date, allowed);
  return <DaySchedule allowed={allowed} date={date} setDate={setDate} result={result} />;
}
