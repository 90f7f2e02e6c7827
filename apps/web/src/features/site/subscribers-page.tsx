export { default } from './inbound';
