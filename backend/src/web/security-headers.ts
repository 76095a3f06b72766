import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

const origins = (urls: string[]) =>
  urls.flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });

/**
 * Security headers for the API and the renderer it serves. The content security policy names
 * exactly the outside origins this deployment is configured to use (tracking scripts after cookie
 * consent, Cognito, Stripe), so nothing else can run or be called from the page.
 */
export function securityHeaders(config: AppConfig) {
  const scriptSrc = ["'self'", ...origins(config.trackingScripts)];
  const connectSrc = ["'self'"];
  const frameSrc: string[] = [];
  if (config.identity.provider === 'cognito') {
    connectSrc.push(`https://cognito-idp.${config.identity.region}.amazonaws.com`);
  }
  if (config.payments.provider === 'stripe') {
    scriptSrc.push('https://js.stripe.com');
    connectSrc.push('https://api.stripe.com');
    frameSrc.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        frameSrc: frameSrc.length ? frameSrc : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
