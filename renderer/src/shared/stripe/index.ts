export { loadStripeJs } from './loadStripeJs';
