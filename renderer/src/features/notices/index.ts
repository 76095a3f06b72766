export { BetaNotice, BETA_NOTICE_DISMISSED_KEY } from './BetaNotice';
