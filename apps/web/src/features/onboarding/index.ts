export { HowToStart } from './HowToStart';
