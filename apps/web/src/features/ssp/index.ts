export { SspMissingNote } from './SspMissingNote';
