export { useAllNets } from './nets.api';
