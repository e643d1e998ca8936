export { useDailySchedule } from './dashboard.api';
