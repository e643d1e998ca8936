export { useAdminTariffs } from './admin.api';
