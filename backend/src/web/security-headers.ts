import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';
import { isServerPath } from './renderer-static';

/** Features the app never uses are off for the page and anything it embeds. */
const DISABLED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

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
 * consent, Cognito, Stripe), so nothing else can run or be called from the page. Also: no framing,
 * no device features, and no caching of server answers or of anything asked with a token.
 */
export function securityHeaders(config: AppConfig) {
  const scriptSrc = ["'self'", ...origins(config.trackingScripts)];
  const connectSrc = ["'self'"];
  const frameSrc: string[] = [];
  if (config.identity.provider === 'cognito') {
    connectSrc.push(config.identity.userPoolEndpoint ? new URL(config.identity.userPoolEndpoint).origin : `https://cognito-idp.${config.identity.region}.amazonaws.com`);
  }
  if (config.payments.provider === 'stripe') {
    scriptSrc.push('https://js.stripe.com');
    connectSrc.push('https://api.stripe.com');
    frameSrc.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }
  const headers = helmet({
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
    // The same rule as frame-ancestors 'none', for browsers that only read the older header.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const permissionsPolicy = [
    ...DISABLED_FEATURES.map((feature) => `${feature}=()`),
    `payment=(${config.payments.provider === 'stripe' ? 'self "https://js.stripe.com"' : ''})`,
  ].join(', ');
  return (request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Permissions-Policy', permissionsPolicy);
    // API answers are the caller's own data (or may become so): no browser or proxy may keep them.
    // A handler whose answer is public and cacheable says so itself, after this.
    if (request.headers.authorization || isServerPath(request.path)) response.setHeader('Cache-Control', 'no-store');
    headers(request, response, next);
  };
}
